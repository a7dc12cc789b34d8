export const SII = {
  docType: 'es-sii-doc-type',
  correctionType: 'es-sii-correction-type',
  outsideScope: 'es-sii-outside-scope',
  exempt: 'es-sii-exempt',
  regime: 'es-sii-regime',
  identityType: 'es-sii-identity-type',
  thirdPartyIssuer: 'es-sii-third-party-issuer',
  product: 'es-sii-product',
} as const;

export const K = SII;
