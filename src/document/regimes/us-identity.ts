import type { TaxIdentityDef } from './identity';

/** The US has no federal indirect tax number: GOBL neither cleans nor checks its codes. */
export const usIdentity: TaxIdentityDef = {
  country: 'US',
  check: () => [],
};
