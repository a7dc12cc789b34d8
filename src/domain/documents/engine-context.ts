import type { SigningKeys } from '../../signing/signing-keys';
import type { JsonPatchLimits } from './derive/json-patch';

/** What the engine works with besides the job: the service's keys, its patch bounds, and where new ids come from. */
export interface EngineContext {
  signingKeys?: SigningKeys;
  jsonPatchLimits?: JsonPatchLimits;
  newId: () => string;
}
