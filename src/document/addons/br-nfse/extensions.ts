export const NFSE = {
  cnae: 'br-nfse-cnae',
  nbs: 'br-nfse-nbs',
  fiscalIncentive: 'br-nfse-fiscal-incentive',
  issLiability: 'br-nfse-iss-liability',
  service: 'br-nfse-service',
  simples: 'br-nfse-simples',
  specialRegime: 'br-nfse-special-regime',
  operation: 'br-nfse-operation',
  taxStatus: 'br-nfse-tax-status',
  taxClass: 'br-nfse-tax-class',
} as const;

export const K = NFSE;
export const MUNICIPALITY = 'br-ibge-municipality';
