import { at, fault } from '../../rules/fault';
import { asObject, isPresent } from '../../rules/values';
import type { RegimeRules } from '../../tax/regime-def';
import type { Fault } from '../../base/types';
import { hasIdentity, hasTaxIdCode } from '../supplier-checks';

export const beRules: RegimeRules = {
  /** A BCE (company register) identity can stand in for the tax ID, and the other way round. */
  'bill/invoice': (inv, path) => {
    const supplier = asObject(inv.supplier);
    if (!supplier) return [];
    const faults: Fault[] = [];
    const sp = at(path, 'supplier');
    if (!hasIdentity(supplier, ['BCE'])) {
      const taxId = asObject(supplier.tax_id);
      if (!taxId) faults.push(fault('GOBL-BE-BILL-INVOICE-01', at(sp, 'tax_id')));
      else if (!isPresent(taxId.code)) faults.push(fault('GOBL-BE-BILL-INVOICE-02', at(at(sp, 'tax_id'), 'code')));
    }
    if (!hasTaxIdCode(supplier) && !hasIdentity(supplier, ['BCE'])) faults.push(fault('GOBL-BE-BILL-INVOICE-03', at(sp, 'identities')));
    return faults;
  },
};
