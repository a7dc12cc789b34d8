import type { Fault, JsonObject } from '../../document';
import { UNTDID, VATEX } from '../../document/addons/eu-en16931';
import { VAT_CATEGORY_BY_KEY } from '../../document/addons/eu-en16931/tax-combo';
import { obj, objects, str } from '../../document/rules/values';
import { getExt } from '../../document/tax/extensions';
import { ruleFault } from '../format-result';
import type { XmlElement } from '../xml-tree';
import { money, percentNumber } from './ubl-codes';

/** Categories whose rate EN 16931 writes as 0, and the rule that asks each for an exemption reason. */
const EXEMPTION_RULES: Record<string, string> = { E: 'BR-E-10', AE: 'BR-AE-10', K: 'BR-IC-10', G: 'BR-G-10', O: 'BR-O-10' };

/** The UNTDID 5305 category of a VAT combo or rate: the addon's code, else the one its key stands for. */
export const categoryOf = (node: JsonObject | undefined): string =>
  getExt(node, UNTDID.taxCategory) || VAT_CATEGORY_BY_KEY[str(node, 'key') || 'standard'] || '';

/**
 * A tax category as a line, an allowance or charge, or a subtotal writes it: its code, its rate (0 where the category
 * is exempt of any kind, none for `O`, outside the scope of VAT) and the VAT scheme.
 */
export function taxCategory(node: JsonObject | undefined, extra: XmlElement = {}): XmlElement {
  const category = categoryOf(node);
  const percent = str(node, 'percent');
  return {
    'cbc:ID': category,
    'cbc:Percent': category === 'O' ? undefined : percent === '' ? '0' : percentNumber(percent),
    ...extra,
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
}

/** The VAT combo of a line, a discount or a charge (the only tax EN 16931 writes there). */
export const vatCombo = (node: JsonObject | undefined): JsonObject | undefined =>
  objects(node, 'taxes').find((combo) => str(combo, 'cat') === 'VAT');

/** The note of `tax.notes` that explains a category's exemption (`cat` VAT, the same key). */
function exemptionNote(doc: JsonObject, rate: JsonObject): JsonObject | undefined {
  const category = categoryOf(rate);
  return objects(obj(doc, 'tax'), 'notes').find(
    (note) => str(note, 'cat') === 'VAT' && (getExt(note, UNTDID.taxCategory) || VAT_CATEGORY_BY_KEY[str(note, 'key')]) === category,
  );
}

/** Taxes EN 16931 cannot write: anything but VAT and the Canary and Ceuta and Melilla taxes (IGIC, IPSI). */
const WRITTEN_CATEGORIES = new Set(['VAT', 'IGIC', 'IPSI']);

/** The document's cac:TaxTotal: the VAT it charges and a subtotal per category and rate, as GOBL summed them. */
export function taxTotal(doc: JsonObject, currency: string, faults: Fault[]): XmlElement {
  const taxes = obj(obj(doc, 'totals'), 'taxes');
  const subtotals: XmlElement[] = [];
  objects(taxes, 'categories').forEach((category, c) => {
    if (!WRITTEN_CATEGORIES.has(str(category, 'code'))) {
      faults.push(
        ruleFault('format-tax', `$.doc.totals.taxes.categories[${c}]`, `EN 16931 has no place for the tax ${str(category, 'code')}`),
      );
      return;
    }
    for (const [r, rate] of objects(category, 'rates').entries()) {
      const code = categoryOf(rate);
      const rule = EXEMPTION_RULES[code];
      const note = rule ? exemptionNote(doc, rate) : undefined;
      const reasonCode = getExt(rate, VATEX) || getExt(note, VATEX);
      const reason = str(note, 'text');
      if (rule && reasonCode === '' && reason === '') {
        faults.push(
          ruleFault(
            rule,
            `$.doc.totals.taxes.categories[${c}].rates[${r}]`,
            `VAT category ${code} needs an exemption reason (a tax note or its VATEX code)`,
          ),
        );
      }
      subtotals.push({
        'cbc:TaxableAmount': money(str(rate, 'base'), currency),
        'cbc:TaxAmount': money(str(rate, 'amount') || '0.00', currency),
        'cac:TaxCategory': taxCategory(rate, {
          'cbc:TaxExemptionReasonCode': rule && reasonCode !== '' ? reasonCode.toUpperCase() : undefined,
          'cbc:TaxExemptionReason': rule && reason !== '' ? reason : undefined,
        }),
      });
    }
  });
  return { 'cbc:TaxAmount': money(str(taxes, 'sum') || '0.00', currency), 'cac:TaxSubtotal': subtotals };
}
