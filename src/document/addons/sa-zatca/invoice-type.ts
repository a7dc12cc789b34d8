export const ZATCA_INVOICE_TYPE = 'sa-zatca-invoice-type';

/** The flags of an invoice transaction type (KSA-2), a code of the shape 0TXNESO. */
export interface ZatcaInvoiceType {
  simplified: boolean;
  thirdParty: boolean;
  nominal: boolean;
  export: boolean;
  summary: boolean;
  selfBilled: boolean;
}

/** Flag names in the order of their positions, from the third character on. */
const FLAGS = ['thirdParty', 'nominal', 'export', 'summary', 'selfBilled'] as const;

/** Reads the flags of a KSA-2 code; an absent or malformed code reads as a standard invoice with no flags. */
export function parseZatcaInvoiceType(code: string): ZatcaInvoiceType {
  const t: ZatcaInvoiceType = {
    simplified: code.startsWith('02'),
    thirdParty: false,
    nominal: false,
    export: false,
    summary: false,
    selfBilled: false,
  };
  FLAGS.forEach((flag, i) => {
    t[flag] = code.charAt(i + 2) === '1';
  });
  return t;
}

export function zatcaInvoiceTypeCode(t: ZatcaInvoiceType): string {
  return (t.simplified ? '02' : '01') + FLAGS.map((flag) => (t[flag] ? '1' : '0')).join('');
}
