import type { NodeKind } from '../../base/node-kind';
import type { HookContext } from '../../tax/hooks';
import type { JsonObject } from '../../base/types';
import { ES_VERIFACTU_V1 } from './def';
import { moveDocTypeOnCorrection } from '../es-common/correction';
import type { Addon } from '../../tax/addon-def';
import { normalizeVerifactuCombo, validateVerifactuCombo } from './tax-combo';
import { normalizeVerifactuInvoice, validateVerifactuInvoice } from './bill-invoice';

/** Spain's VERI*FACTU reporting (addon es-verifactu-v1). */

export const esVerifactu: Addon = {
  def: ES_VERIFACTU_V1,
  correct: moveDocTypeOnCorrection('es-verifactu-doc-type'),
  normalize(node: JsonObject, kind: NodeKind, _ctx: HookContext) {
    if (kind === 'tax/combo') normalizeVerifactuCombo(node);
    else if (kind === 'bill/invoice') normalizeVerifactuInvoice(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    if (kind === 'bill/invoice') return validateVerifactuInvoice(node, path);
    if (kind === 'tax/combo') return validateVerifactuCombo(node, path);
    return [];
  },
};
