export const MX_CFDI = {
  issuePlace: 'mx-cfdi-issue-place',
  fiscalRegime: 'mx-cfdi-fiscal-regime',
  use: 'mx-cfdi-use',
  prodServ: 'mx-cfdi-prod-serv',
  relType: 'mx-cfdi-rel-type',
  docType: 'mx-cfdi-doc-type',
  taxType: 'mx-cfdi-tax-type',
  paymentMeans: 'mx-cfdi-payment-means',
  paymentMethod: 'mx-cfdi-payment-method',
  globalPeriod: 'mx-cfdi-global-period',
  globalMonth: 'mx-cfdi-global-month',
  globalYear: 'mx-cfdi-global-year',
} as const;

export const K = MX_CFDI;

/** The B2C summary invoice ("factura global") tag. */
export const TAG_GLOBAL = 'global';

/** The stamp a preceding CFDI must carry: its folio fiscal. */
export const STAMP_SAT_UUID = 'sat-uuid';
