export const SDI = {
  documentType: 'it-sdi-document-type',
  format: 'it-sdi-format',
  fiscalRegime: 'it-sdi-fiscal-regime',
  exempt: 'it-sdi-exempt',
  retained: 'it-sdi-retained',
  paymentMeans: 'it-sdi-payment-means',
  fundType: 'it-sdi-fund-type',
} as const;

export const K = SDI;
