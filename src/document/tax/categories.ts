import type { Regime, TaxCategory } from './regime-def';
import { VAT_KEYS } from './vat-keys';

/** Categories usable without a regime (a document whose supplier country has no table). */
export const GLOBAL_CATEGORIES: TaxCategory[] = [
  { code: 'VAT', keys: VAT_KEYS, rates: [] },
  {
    code: 'GST',
    keys: [{ key: 'standard' }, { key: 'zero' }, { key: 'exempt', noPercent: true }, { key: 'outside-scope', noPercent: true }],
    rates: [],
  },
];

/** The category definition in the regime, or the global one when there is no regime. */
export function categoryDef(regime: Regime | undefined, code: string): TaxCategory | undefined {
  const list = regime ? regime.categories : GLOBAL_CATEGORIES;
  return list.find((c) => c.code === code);
}
