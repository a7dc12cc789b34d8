import { cleanTaxId } from '../../tax/identity-normalize';
import type { TaxIdentityDef } from '../../tax/identity-def';

/** Canada: codes are cleaned but GOBL defines no format for them. */
export const caIdentity: TaxIdentityDef = {
  country: 'CA',
  normalize: cleanTaxId,
  check: () => [],
};
