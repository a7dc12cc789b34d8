import { at, fault } from '../../rules/fault';
import type { RegimeRules } from '../../tax/regime-def';
import type { Fault } from '../../base/types';
import { identityCode } from '../identity-checks';
import { italianFiscalCodeChecksumValid, italianFiscalCodeFormatValid } from './fiscal-code';

export const itRules: RegimeRules = {
  'org/identity': (id, path) => {
    if (id.key !== 'it-fiscal-code') return [];
    const c = identityCode(id);
    if (c === '') return [fault('GOBL-IT-ORG-IDENTITY-01', at(path, 'code'))];
    const faults: Fault[] = [];
    if (!italianFiscalCodeFormatValid(c)) faults.push(fault('GOBL-IT-ORG-IDENTITY-02', at(path, 'code')));
    if (!italianFiscalCodeChecksumValid(c)) faults.push(fault('GOBL-IT-ORG-IDENTITY-03', at(path, 'code')));
    return faults;
  },
};
