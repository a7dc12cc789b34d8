import { at, fault } from '../../rules/fault';
import { asObject } from '../../rules/values';
import type { RegimeRules } from '../../tax/regime-def';
import { supplierTaxIdRule } from '../supplier-checks';

const supplierTaxId = supplierTaxIdRule('GOBL-ES-BILL-INVOICE', 2);

export const esRules: RegimeRules = {
  'bill/invoice': (inv, path) =>
    asObject(inv.supplier) ? supplierTaxId(inv, path) : [fault('GOBL-ES-BILL-INVOICE-01', at(path, 'supplier'))],
};
