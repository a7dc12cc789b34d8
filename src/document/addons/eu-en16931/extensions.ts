export const UNTDID = {
  documentType: 'untdid-document-type',
  paymentMeans: 'untdid-payment-means',
  taxCategory: 'untdid-tax-category',
  allowance: 'untdid-allowance',
  charge: 'untdid-charge',
  textSubject: 'untdid-text-subject',
} as const;
export const VATEX = 'cef-vatex';
export const ISO_SCHEME_ID = 'iso-scheme-id';
