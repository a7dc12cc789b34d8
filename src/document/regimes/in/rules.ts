import { at, fault } from '../../rules/fault';
import { asArray, isObject } from '../../rules/values';
import type { RegimeRules } from '../../tax/regime-def';
import { allOf, identityCodeRule } from '../identity-checks';

export const inRules: RegimeRules = {
  'org/identity': allOf(
    identityCodeRule(['PAN'], 'GOBL-IN-ORG-IDENTITY-01', (c) => c === '' || /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(c)),
    identityCodeRule(['HSN'], 'GOBL-IN-ORG-IDENTITY-02', (c) => c === '' || /^(?:\d{4}|\d{6}|\d{8})$/.test(c)),
  ),
  /** Every item needs an HSN identity. */
  'org/item': (item, path) =>
    asArray(item.identities).some((id) => isObject(id) && id.type === 'HSN') ? [] : [fault('GOBL-IN-ORG-ITEM-01', at(path, 'identities'))],
};
