import type { TaxKey } from './regime-def';

/**
 * The keys of a VAT category in most regimes; only `standard` and `zero` take a percent.
 * The categories usable without a regime use them; the regimes' tables (regimes/<cc>/figures.json) repeat them.
 */
export const VAT_KEYS: TaxKey[] = [
  { key: 'standard' },
  { key: 'zero' },
  { key: 'reverse-charge', noPercent: true },
  { key: 'exempt', noPercent: true },
  { key: 'export', noPercent: true },
  { key: 'intra-community', noPercent: true },
  { key: 'outside-scope', noPercent: true },
];
