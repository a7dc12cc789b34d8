import { at, fault } from '../../rules/fault';
import type { RegimeRules } from '../../tax/regime-def';
import { identityCode } from '../identity-checks';

export const saRules: RegimeRules = {
  'org/identity': (id, path) => (/^[a-zA-Z0-9]*$/.test(identityCode(id)) ? [] : [fault('GOBL-SA-ORG-IDENTITY-01', at(path, 'code'))]),
};
