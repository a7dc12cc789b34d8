import type { TaxIdentityDef } from '../../tax/identity-def';

/** The US has no federal indirect tax number: GOBL neither cleans nor checks its codes. */
export const usIdentity: TaxIdentityDef = {
  country: 'US',
  check: () => [],
};
