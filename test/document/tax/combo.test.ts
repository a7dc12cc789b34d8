import { CalculationError } from '../../../src/document/base/errors';
import { Amount } from '../../../src/document/num';
import { regimeFor } from '../../../src/document/regimes';
import type { Regime } from '../../../src/document/tax/regime-def';
import { calculateCombo, normalizeCombo } from '../../../src/document/tax/combo';
import { taxTotalToJson } from '../../../src/document/tax/totals';
import { calculateTaxTotals } from '../../../src/document/tax/totals-calculate';
import type { JsonObject } from '../../../src/document/base/types';

/** A tiny regime table of our own, so these tests do not depend on any country's figures. */
const testRegime: Regime = {
  country: 'XX',
  currency: 'EUR',
  timeZone: 'UTC',
  categories: [
    {
      code: 'VAT',
      keys: [{ key: 'standard' }, { key: 'zero' }, { key: 'exempt', noPercent: true }],
      rates: [
        {
          rate: 'general',
          keys: ['standard'],
          values: [
            { since: '2024-07-01', percent: '22%' },
            { since: '2020-01-01', percent: '20%' },
          ],
        },
        {
          rate: 'general+eqs',
          keys: ['standard'],
          values: [{ since: '2020-01-01', percent: '20%', surcharge: '5.2%' }],
        },
        {
          rate: 'reduced',
          keys: ['standard'],
          values: [
            { ext: { 'xx-region': 'island' }, since: '2020-01-01', percent: '3%' },
            { since: '2020-01-01', percent: '10%' },
          ],
        },
      ],
    },
    { code: 'WHT', retained: true, rates: [] },
    { code: 'INFO', informative: true, rates: [] },
  ],
};

describe('combo normalization (VAT legacy rates)', () => {
  test.each([
    [
      { cat: 'VAT', rate: 'standard' },
      { cat: 'VAT', rate: 'general' },
    ],
    [
      { cat: 'VAT', rate: 'standard+eqs' },
      { cat: 'VAT', rate: 'general+eqs' },
    ],
    [
      { cat: 'VAT', rate: 'zero' },
      { cat: 'VAT', key: 'zero', percent: '0%' },
    ],
    [
      { cat: 'VAT', rate: 'exempt' },
      { cat: 'VAT', key: 'exempt' },
    ],
    [
      { cat: 'VAT', rate: 'exempt+reverse-charge', percent: '0%' },
      { cat: 'VAT', key: 'reverse-charge' },
    ],
    [
      { cat: 'VAT', rate: 'exempt+export' },
      { cat: 'VAT', key: 'export' },
    ],
    [
      { cat: 'VAT', rate: 'exempt+eea' },
      { cat: 'VAT', key: 'intra-community' },
    ],
    [
      { cat: 'VAT', percent: '0.0%' },
      { cat: 'VAT', key: 'zero', percent: '0.0%' },
    ],
    [
      { cat: 'VAT', key: 'zero' },
      { cat: 'VAT', key: 'zero', percent: '0%' },
    ],
    [
      { cat: 'IRPF', rate: 'standard' },
      { cat: 'IRPF', rate: 'standard' },
    ],
    [
      { cat: 'VAT', percent: 0.21 },
      { cat: 'VAT', percent: '21%' },
    ],
  ])('%j → %j', (input, output) => {
    const c = { ...input } as JsonObject;
    normalizeCombo(c);
    expect(c).toEqual(output);
  });
});

describe('combo calculation', () => {
  test.each([
    ['2024-06-30', { cat: 'VAT', rate: 'general' }, { cat: 'VAT', key: 'standard', rate: 'general', percent: '20%' }],
    ['2024-07-01', { cat: 'VAT', rate: 'general' }, { cat: 'VAT', key: 'standard', rate: 'general', percent: '22%' }],
    [
      '2024-07-01',
      { cat: 'VAT', rate: 'general+eqs' },
      { cat: 'VAT', key: 'standard', rate: 'general+eqs', percent: '20%', surcharge: '5.2%' },
    ],
    // An unknown suffix falls back to the rate it extends.
    ['2024-07-01', { cat: 'VAT', rate: 'general+other' }, { cat: 'VAT', key: 'standard', rate: 'general+other', percent: '22%' }],
    ['2024-07-01', { cat: 'VAT', rate: 'reduced' }, { cat: 'VAT', key: 'standard', rate: 'reduced', percent: '10%' }],
    [
      '2024-07-01',
      { cat: 'VAT', rate: 'reduced', ext: { 'xx-region': 'island' } },
      { cat: 'VAT', key: 'standard', rate: 'reduced', percent: '3%', ext: { 'xx-region': 'island' } },
    ],
    ['2024-07-01', { cat: 'VAT', key: 'exempt', percent: '10%' }, { cat: 'VAT', key: 'exempt' }],
    ['2024-07-01', { cat: 'VAT', percent: '7%' }, { cat: 'VAT', key: 'standard', percent: '7%' }],
    ['2024-07-01', { cat: 'WHT', percent: '15%' }, { cat: 'WHT', percent: '15%' }],
    ['2024-07-01', { cat: 'VAT', country: 'XX', rate: 'general' }, { cat: 'VAT', key: 'standard', rate: 'general', percent: '22%' }],
  ])('on %s: %j → %j', (date, input, output) => {
    const c = { ...input } as JsonObject;
    calculateCombo(c, testRegime, date);
    expect(c).toEqual(output);
  });

  test.each([
    ['an unknown category', { cat: 'GST', percent: '5%' }, '2024-07-01'],
    ['an unknown rate', { cat: 'VAT', rate: 'luxury' }, '2024-07-01'],
    ['a date before any value', { cat: 'VAT', rate: 'general' }, '2019-12-31'],
  ])('%s cannot be calculated', (_name, input, date) => {
    expect(() => calculateCombo({ ...input } as JsonObject, testRegime, date)).toThrow(CalculationError);
  });

  test('a combo of another country uses that country’s table', () => {
    const c: JsonObject = { cat: 'VAT', country: 'DE', rate: 'general' };
    const combo = calculateCombo(c, testRegime, '2024-07-01');
    expect(c.percent).toBe(regimeFor('DE') ? '19%' : undefined);
    expect(combo.country).toBe('DE');
  });
});

describe('tax totals', () => {
  const zero = Amount.zero(2);
  const line = (total: string, ...taxes: JsonObject[]) => ({ taxes, total: Amount.parse(total) });

  test('groups by category and percentage, with surcharges, retained and informative categories apart', () => {
    const t = calculateTaxTotals({
      regime: testRegime,
      rounding: 'precise',
      zero,
      date: '2024-07-01',
      lines: [
        line('100.00', { cat: 'VAT', rate: 'general' }, { cat: 'WHT', percent: '15%' }),
        line('50.00', { cat: 'VAT', rate: 'general' }),
        line('10.00', { cat: 'VAT', rate: 'general+eqs' }, { cat: 'INFO', percent: '1%' }),
        line('5.00', { cat: 'VAT', key: 'exempt' }),
        line('-20.00', { cat: 'VAT', rate: 'general' }),
      ],
    });
    expect(taxTotalToJson(t)).toEqual({
      categories: [
        {
          code: 'VAT',
          rates: [
            { key: 'standard', base: '130.0000', percent: '22%', amount: '28.6000' },
            { key: 'standard', base: '10.0000', percent: '20%', surcharge: { percent: '5.2%', amount: '0.5200' }, amount: '2.0000' },
            { key: 'exempt', base: '5.0000', amount: '0.00' },
          ],
          amount: '30.6000',
          surcharge: '0.5200',
        },
        { code: 'WHT', retained: true, rates: [{ base: '100.0000', percent: '15%', amount: '15.0000' }], amount: '15.0000' },
        { code: 'INFO', informative: true, rates: [{ base: '10.0000', percent: '1%', amount: '0.1000' }], amount: '0.1000' },
      ],
      sum: '31.1200',
      retained: '15.0000',
    });
  });

  test('prices that include a retained category cannot be calculated', () => {
    expect(() =>
      calculateTaxTotals({
        regime: testRegime,
        rounding: 'precise',
        zero,
        date: '2024-07-01',
        includes: 'WHT',
        lines: [line('100.00', { cat: 'WHT', percent: '15%' })],
      }),
    ).toThrow(CalculationError);
  });
});
