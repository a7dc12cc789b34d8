import { SigningKeyError, SigningKeys } from '../signing/signing-keys';
import { ConfigError } from './config-error';
import type { Config } from './config.type';

/** The service's signing keys as configured; a key it cannot use is a configuration it cannot start with. */
export function loadSigningKeys(config: Pick<Config, 'signingKey' | 'dataDir' | 'signingTrustedKeys'>): SigningKeys {
  try {
    return SigningKeys.load(config.signingKey, config.dataDir, config.signingTrustedKeys);
  } catch (error) {
    if (error instanceof SigningKeyError) throw new ConfigError(error.problems);
    throw error;
  }
}
