export const FACTURAE = {
  correction: 'es-facturae-correction',
  docType: 'es-facturae-doc-type',
  invoiceClass: 'es-facturae-invoice-class',
  subsidy: 'es-facturae-subsidy',
} as const;

export const K = FACTURAE;
