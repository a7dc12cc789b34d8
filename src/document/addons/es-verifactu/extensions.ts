export const VERIFACTU = {
  docType: 'es-verifactu-doc-type',
  correctionType: 'es-verifactu-correction-type',
  opClass: 'es-verifactu-op-class',
  exempt: 'es-verifactu-exempt',
  regime: 'es-verifactu-regime',
  identityType: 'es-verifactu-identity-type',
  issuerType: 'es-verifactu-issuer-type',
} as const;

export const K = VERIFACTU;
