export const MYDATA = {
  vatRate: 'gr-mydata-vat-rate',
  invoiceType: 'gr-mydata-invoice-type',
  exemption: 'gr-mydata-exemption',
  incomeCat: 'gr-mydata-income-cat',
  incomeType: 'gr-mydata-income-type',
  paymentMeans: 'gr-mydata-payment-means',
  taxType: 'gr-mydata-tax-type',
  otherTax: 'gr-mydata-other-tax',
  fee: 'gr-mydata-fee',
  stampDuty: 'gr-mydata-stamp-duty',
} as const;

export const K = MYDATA;
export const TAX_TYPE = { fee: '2', otherTax: '3', stampDuty: '4' };
export const EXEMPT_RATE = '7';
