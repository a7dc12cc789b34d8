export const FAVAT = {
  taxCategory: 'pl-favat-tax-category',
  effectiveDate: 'pl-favat-effective-date',
  paymentMeans: 'pl-favat-payment-means',
  invoiceType: 'pl-favat-invoice-type',
  cashAccounting: 'pl-favat-cash-accounting',
  selfBilling: 'pl-favat-self-billing',
  reverseCharge: 'pl-favat-reverse-charge',
  splitPayment: 'pl-favat-split-payment',
  exemption: 'pl-favat-exemption',
  marginScheme: 'pl-favat-margin-scheme',
  jst: 'pl-favat-jst',
  groupVat: 'pl-favat-group-vat',
  thirdPartyRole: 'pl-favat-third-party-role',
} as const;

export const K = FAVAT;
