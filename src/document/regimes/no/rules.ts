import type { RegimeRules } from '../../tax/regime-def';
import { identityCodeRule } from '../identity-checks';
import { norwegianOrgNumberValid } from './tax-identity';

export const noRules: RegimeRules = {
  'org/identity': identityCodeRule(['ON'], 'GOBL-NO-ORG-IDENTITY-01', norwegianOrgNumberValid),
};
