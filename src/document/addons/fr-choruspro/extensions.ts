export const CHORUSPRO = {
  framework: 'fr-choruspro-framework',
  scheme: 'fr-choruspro-scheme',
} as const;

export const K = CHORUSPRO;
