// Figures (extension keys, codes, tags and scenarios) of the mx-cfdi-v4 addon (module gobl.mx.cfdi v0.63.0),
// held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

/** Two-digit codes from `from` to `to`, e.g. 01..12. */
function twoDigits(from: number, to: number): string[] {
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(String(n).padStart(2, '0'));
  return out;
}

export const MX_CFDI_V4: AddonDefinition = {
  key: 'mx-cfdi-v4',
  extensions: [
    // TipoDeComprobante: income (I) or expense (E) documents, and payments (P).
    { key: 'mx-cfdi-doc-type', codes: ['I', 'E', 'P'] },
    // TipoRelacion.
    { key: 'mx-cfdi-rel-type', codes: twoDigits(1, 7) },
    // LugarExpedicion: a five-digit post code.
    { key: 'mx-cfdi-issue-place', pattern: '^[0-9]{5}$' },
    // c_Impuesto: ISR, IVA, IEPS.
    { key: 'mx-cfdi-tax-type', codes: ['001', '002', '003'] },
    // ClaveProdServ: free here, the invoice rules check its eight digits.
    { key: 'mx-cfdi-prod-serv' },
    // c_RegimenFiscal.
    {
      key: 'mx-cfdi-fiscal-regime',
      codes: [
        '601', '603', '605', '606', '607', '608', '610', '611', '612', '614', '615', '616', '620', '621',
        '622', '623', '624', '625', '626',
      ],
    },
    // c_UsoCFDI.
    {
      key: 'mx-cfdi-use',
      codes: [
        'G01', 'G02', 'G03', 'I01', 'I02', 'I03', 'I04', 'I05', 'I06', 'I07', 'I08', 'D01', 'D02', 'D03',
        'D04', 'D05', 'D06', 'D07', 'D08', 'D09', 'D10', 'S01', 'CP01', 'CN01',
      ],
    },
    // c_MetodoPago: paid at once (PUE) or in instalments / later (PPD).
    { key: 'mx-cfdi-payment-method', codes: ['PUE', 'PPD'] },
    // c_FormaPago.
    {
      key: 'mx-cfdi-payment-means',
      codes: [
        '01', '02', '03', '04', '05', '06', '08', '12', '13', '14', '15', '17', '23', '24', '25', '26',
        '27', '28', '29', '30', '31', '99',
      ],
    },
    // Global (B2C summary) invoices: periodicity, month or pair of months, year.
    { key: 'mx-cfdi-global-period', codes: twoDigits(1, 5) },
    { key: 'mx-cfdi-global-month', codes: twoDigits(1, 18) },
    { key: 'mx-cfdi-global-year', pattern: '\\d{4}' },
  ],
  tags: {
    'bill/invoice': ['global'],
  },
  scenarios: [
    { schema: 'bill/invoice', types: ['standard'], ext: { 'mx-cfdi-doc-type': 'I' } },
    { schema: 'bill/invoice', types: ['credit-note'], ext: { 'mx-cfdi-doc-type': 'E', 'mx-cfdi-rel-type': '01' } },
    { schema: 'bill/invoice', types: ['standard', 'credit-note'], paid: true, ext: { 'mx-cfdi-payment-method': 'PUE' } },
    { schema: 'bill/invoice', types: ['standard', 'credit-note'], paid: false, ext: { 'mx-cfdi-payment-method': 'PPD' } },
  ],
};
