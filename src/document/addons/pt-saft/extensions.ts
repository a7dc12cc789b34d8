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
} as const;

export const K = SAFT;
export const REGION = 'pt-region';
