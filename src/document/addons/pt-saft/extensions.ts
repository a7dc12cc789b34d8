export const SAFT = {
  invoiceType: 'pt-saft-invoice-type',
  workType: 'pt-saft-work-type',
  movementType: 'pt-saft-movement-type',
  paymentType: 'pt-saft-payment-type',
  taxRate: 'pt-saft-tax-rate',
  exemption: 'pt-saft-exemption',
  productType: 'pt-saft-product-type',
  paymentMeans: 'pt-saft-payment-means',
  source: 'pt-saft-source',
  sourceRef: 'pt-saft-source-ref',
  cashVat: 'pt-saft-cash-vat',
} as const;

/** The tag of documents under the cash VAT scheme: a payment's type is then RC, an invoice says so in its tax. */
export const TAG_CASH_VAT = 'cash-vat';

export const K = SAFT;
export const REGION = 'pt-region';
