export const TBAI = {
  region: 'es-tbai-region',
  exempt: 'es-tbai-exemption',
  product: 'es-tbai-product',
  correction: 'es-tbai-correction',
  biActivity: 'es-tbai-bi-activity',
  regime: 'es-tbai-regime',
  identityType: 'es-tbai-identity-type',
  simplified: 'es-tbai-simplified',
} as const;

export const K = TBAI;

/** Spellings of the three provinces in a supplier's address region. */
export const REGIONS: Record<string, string> = {
  alava: 'VI',
  álava: 'VI',
  araba: 'VI',
  vi: 'VI',
  bizkaia: 'BI',
  vizcaya: 'BI',
  bi: 'BI',
  gipuzkoa: 'SS',
  guipuzcoa: 'SS',
  guipúzcoa: 'SS',
  ss: 'SS',
};
