import type { NodeKind } from '../../base/node-kind';
import { isObject } from '../../base/json';
import type { JsonObject } from '../../base/types';
import { isoCountryOfTaxCode } from '../../tax/iso-country';

/** Portugal's regime normalizers: the VAT region of combos, and the older exemption extension key. */

const OLD_EXEMPTION = 'pt-exemption-code';

function ext(node: JsonObject): JsonObject {
  if (!isObject(node.ext)) node.ext = {};
  return node.ext as JsonObject;
}

/** Combos of invoices written before the SAF-T addon existed carry `pt-exemption-code`: it becomes `pt-saft-exemption`. */
function migrateInvoice(doc: JsonObject): void {
  for (const field of ['lines', 'discounts', 'charges']) {
    const rows = Array.isArray(doc[field]) ? (doc[field] as unknown[]) : [];
    for (const row of rows) {
      const combos = isObject(row) && Array.isArray(row.taxes) ? row.taxes : [];
      for (const combo of combos) {
        if (!isObject(combo) || !isObject(combo.ext) || typeof combo.ext[OLD_EXEMPTION] !== 'string' || combo.ext[OLD_EXEMPTION] === '')
          continue;
        const map = combo.ext as JsonObject;
        map['pt-saft-exemption'] = map[OLD_EXEMPTION];
        delete map[OLD_EXEMPTION];
      }
    }
  }
}

/** VAT is in mainland Portugal unless a region is given; VAT of another country takes that country's ISO code. */
function normalizeCombo(combo: JsonObject): void {
  if (combo.cat !== 'VAT') return;
  const map = ext(combo);
  if (typeof map['pt-region'] !== 'string' || map['pt-region'] === '') map['pt-region'] = 'PT';
  const country = typeof combo.country === 'string' ? combo.country : '';
  if (country === '' || country === 'PT') return;
  const iso = isoCountryOfTaxCode(country); // EU stands for no country: the region then goes, as in GOBL
  if (iso) map['pt-region'] = iso;
  else delete map['pt-region'];
}

export function normalizePt(node: JsonObject, kind: NodeKind): void {
  if (kind === 'bill/invoice') migrateInvoice(node);
  else if (kind === 'tax/combo') normalizeCombo(node);
}
