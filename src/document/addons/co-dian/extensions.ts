export const DIAN = {
  municipality: 'co-dian-municipality',
  creditCode: 'co-dian-credit-code',
  debitCode: 'co-dian-debit-code',
  fiscalResponsibility: 'co-dian-fiscal-responsibility',
} as const;

export const K = DIAN;
