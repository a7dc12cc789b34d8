import type { NodeKind } from '../../base/node-kind';
import type { JsonObject } from '../../base/types';
import { ES_FACTURAE_V3 } from './def';
import type { Addon } from '../../tax/addon-def';
import { validateFacturaeInvoice } from './bill-invoice';

/**
 * Spain's FacturaE format (addon es-facturae-v3). It has no normalizers: the document type and
 * invoice class come from its scenarios, applied after calculation.
 */

export const esFacturae: Addon = {
  def: ES_FACTURAE_V3,
  validate(node: JsonObject, kind: NodeKind, path: string) {
    return kind === 'bill/invoice' ? validateFacturaeInvoice(node, path) : [];
  },
};
