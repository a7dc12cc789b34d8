// Figures (extension keys, codes, tags, scenarios and exemption texts) of the addon module gobl.pt.saft v0.0.5,
// held as project data.

import type { JsonObject } from '../../base/types';
import type { AddonDefinition } from '../../tax/addon-def';
import { obj, str } from '../../rules/values';

/**
 * Portuguese texts of the VAT exemption reasons (SAF-T TaxExemptionReason): the legal basis each code stands for,
 * written on the exemption note of a line when none is given.
 */
export const PT_SAFT_EXEMPTION_TEXTS: Readonly<Record<string, string>> = {
    M01: 'Artigo 16.º, n.º 6, alíneas a) a d) do CIVA',
    M02: 'Artigo 6.º do Decreto-Lei n.º 198/90, de 19 de junho',
    M04: 'Artigo 13.º do CIVA',
    M05: 'Artigo 14.º do CIVA',
    M06: 'Artigo 15.º do CIVA',
    M07: 'Artigo 9.º do CIVA',
    M09: 'Artigo 62.º alínea b) do CIVA',
    M10: 'Artigo 57.º do CIVA',
    M11: 'Decreto-Lei n.º 346/85, de 23 de agosto',
    M12: 'Decreto-Lei n.º 221/85, de 3 de julho',
    M13: 'Decreto-Lei n.º 199/96, de 18 de outubro',
    M14: 'Decreto-Lei n.º 199/96, de 18 de outubro',
    M15: 'Decreto-Lei n.º 199/96, de 18 de outubro',
    M16: 'Artigo 14.º do RITI',
    M19: 'Outras isenções',
    M20: 'Artigo 59.º-D n.º 2 do CIVA',
    M21: 'Artigo 72.º n.º 4 do CIVA',
    M25: 'Artigo 38.º n.º 1 alínea a) do CIVA',
    M26: 'Lei n.º 17/2023, de 14 de abril',
    M30: 'Artigo 2.º n.º 1 alínea i) do CIVA',
    M31: 'Artigo 2.º n.º 1 alínea j) do CIVA',
    M32: 'Artigo 2.º n.º 1 alínea l) do CIVA',
    M33: 'Artigo 2.º n.º 1 alínea m) do CIVA',
    M34: 'Artigo 2.º n.º 1 alínea n) do CIVA',
    M40: 'Artigo 6.º n.º 6 alínea a) do CIVA, a contrário',
    M41: 'Artigo 8.º n.º 3 do RITI',
    M42: 'Decreto-Lei n.º 21/2007, de 29 de janeiro',
    M43: 'Decreto-Lei n.º 362/99, de 16 de setembro',
    M44: 'Artigo 6.º do CIVA – Regras específicas',
    M45: 'Art 58º-A do CIVA (IVA - regime transfronteiriço de isenção)',
    M46: 'Decreto-lei n.º 19/2017, de 14 de fevereiro',
    M99: 'Não sujeito ou não tributado',
};

/** An invoice-receipt: tagged so, or fully paid (a due amount of zero). */
function paidOrReceipt(doc: JsonObject): boolean {
  const tags = Array.isArray(doc.$tags) ? doc.$tags : [];
  const due = str(obj(doc, 'totals'), 'due');
  return tags.includes('invoice-receipt') || (due !== '' && /^-?0*(\.0*)?$/.test(due));
}

export const PT_SAFT_V1: AddonDefinition = {
  key: 'pt-saft-v1',
  extensions: [
    { key: 'pt-saft-invoice-type', codes: ['FT', 'FS', 'FR', 'ND', 'NC'] },
    { key: 'pt-saft-payment-type', codes: ['RC', 'RG'] },
    { key: 'pt-saft-tax-rate', codes: ['RED', 'INT', 'NOR', 'ISE', 'OUT'] },
    { key: 'pt-saft-exemption', codes: Object.keys(PT_SAFT_EXEMPTION_TEXTS) },
    { key: 'pt-saft-product-type', codes: ['P', 'S', 'O', 'E', 'I'] },
    {
      key: 'pt-saft-work-type',
      codes: ['CM', 'CC', 'FC', 'FO', 'NE', 'OU', 'OR', 'PF', 'DC', 'RP', 'RE', 'CS', 'LD', 'RA'],
    },
    { key: 'pt-saft-payment-means', codes: ['CC', 'CD', 'CH', 'CI', 'CO', 'CS', 'DE', 'LC', 'MB', 'NU', 'OU', 'PR', 'TB', 'TR'] },
    { key: 'pt-saft-source', codes: ['P', 'I', 'M'] },
    { key: 'pt-saft-source-ref' },
    { key: 'pt-saft-movement-type', codes: ['GR', 'GT', 'GA', 'GC', 'GD'] },
    { key: 'pt-saft-cash-vat', codes: ['0', '1'] },
  ],
  tags: {
    'bill/delivery': ['return'],
    // Documents of a taxpayer under the cash VAT scheme (regime de IVA de Caixa).
    'bill/invoice': ['cash-vat'],
    'bill/payment': ['cash-vat'],
  },
  scenarios: [
    { schema: 'bill/invoice', types: ['standard'], ext: { 'pt-saft-invoice-type': 'FT' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['simplified'], ext: { 'pt-saft-invoice-type': 'FS' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['cash-vat'], ext: { 'pt-saft-cash-vat': '1' } },
    { schema: 'bill/invoice', types: ['standard'], filter: paidOrReceipt, ext: { 'pt-saft-invoice-type': 'FR' } },
    { schema: 'bill/invoice', types: ['debit-note'], ext: { 'pt-saft-invoice-type': 'ND' } },
    { schema: 'bill/invoice', types: ['credit-note'], ext: { 'pt-saft-invoice-type': 'NC' } },
    { schema: 'bill/invoice', types: ['proforma'], ext: { 'pt-saft-work-type': 'PF' } },
  ],
  corrections: [{ schema: 'bill/invoice', reasonRequired: true }],
};
