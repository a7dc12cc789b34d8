import type { NodeKind } from '../../base/node-kind';
import type { JsonObject } from '../../base/types';
import { DE_XRECHNUNG_V3 } from './def';
import type { Addon } from '../../tax/addon-def';
import { validateXrechnungInvoice } from './bill-invoice';

/** Germany's XRechnung 3 (addon de-xrechnung-v3, requires eu-en16931-v2017). Validation only. */

/** UNTDID 1001 codes XRechnung accepts. GOBL checks them against the tax category key of `tax.ext`. */

export const deXrechnung: Addon = {
  def: DE_XRECHNUNG_V3,
  validate(node: JsonObject, kind: NodeKind, path: string) {
    return kind === 'bill/invoice' ? validateXrechnungInvoice(node, path) : [];
  },
};
