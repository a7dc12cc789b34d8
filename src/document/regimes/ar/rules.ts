import { at, fault } from '../../rules/fault';
import { asObject, isObject } from '../../rules/values';
import type { RegimeRules } from '../../tax/regime-def';

export const arRules: RegimeRules = {
  'bill/invoice': (inv, path) => {
    const supplier = asObject(inv.supplier);
    return supplier && !isObject(supplier.tax_id) ? [fault('GOBL-AR-BILL-INVOICE-01', at(at(path, 'supplier'), 'tax_id'))] : [];
  },
};
