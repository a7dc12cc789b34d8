export const ARCA = {
  docType: 'ar-arca-doc-type',
  concept: 'ar-arca-concept',
  identityType: 'ar-arca-identity-type',
  taxType: 'ar-arca-tax-type',
  vatRate: 'ar-arca-vat-rate',
  vatStatus: 'ar-arca-vat-status',
  tourismType: 'ar-arca-tourism-type',
  tourismItem: 'ar-arca-tourism-item',
} as const;

export const K = ARCA;

/** Document type families (A, B, C, T) and the credit and debit note codes. */
export const DOC_TYPES_A = ['1', '2', '3', '4', '5', '34', '39', '51', '52', '53', '54', '60', '63', '201', '202', '203'];
export const DOC_TYPES_B = ['6', '7', '8', '9', '10', '35', '40', '61', '64', '206', '207', '208'];
export const DOC_TYPES_C = ['11', '12', '13', '15', '211', '212', '213'];
export const DOC_TYPES_T = ['195', '196', '197'];
export const USED_GOODS_PURCHASE = '49';
export const CREDIT_NOTES = ['3', '8', '13', '53', '197', '203', '208', '213'];
export const DEBIT_NOTES = ['2', '7', '12', '52', '196', '202', '207', '212'];
/** Customer VAT statuses that receive type A documents. */
export const STATUSES_A = ['1', '6', '13', '16'];

/** Standard, debit and credit note codes per family. */
export const FAMILY_CODES: Record<string, Record<string, string>> = {
  A: { standard: '1', 'debit-note': '2', 'credit-note': '3' },
  B: { standard: '6', 'debit-note': '7', 'credit-note': '8' },
  C: { standard: '11', 'debit-note': '12', 'credit-note': '13' },
};
