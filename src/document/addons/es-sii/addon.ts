import type { NodeKind } from '../../base/node-kind';
import type { JsonObject } from '../../base/types';
import { ES_SII_V1 } from './def';
import { moveDocTypeOnCorrection } from '../es-common/correction';
import type { Addon } from '../../tax/addon-def';
import { normalizeSiiCombo, validateSiiCombo } from './tax-combo';
import { normalizeSiiLine } from './bill-line';
import { normalizeSiiInvoice, validateSiiInvoice } from './bill-invoice';

/** Spain's SII immediate reporting (addon es-sii-v1). */

export const esSii: Addon = {
  def: ES_SII_V1,
  correct: moveDocTypeOnCorrection('es-sii-doc-type'),
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'tax/combo') normalizeSiiCombo(node);
    else if (kind === 'bill/line') normalizeSiiLine(node);
    else if (kind === 'bill/invoice') normalizeSiiInvoice(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    if (kind === 'bill/invoice') return validateSiiInvoice(node, path);
    if (kind === 'tax/combo') return validateSiiCombo(node, path);
    return [];
  },
};
