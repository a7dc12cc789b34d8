import { mayHaveSortAmount, sortAmountOfDoc, sortAmountOfJson, tenThousandthsOf } from '../../../../src/domain/entries/model/sort-amount';

const SCHEMA = 'https://gobl.org/draft-0/';

describe('the amount a list sorts by', () => {
  test.each([
    ['1210.00', 12_100_000],
    ['0', 0],
    ['-5.5', -55_000],
    ['+3', 30_000],
    ['0.00005', 1], // rounded half away from zero
    ['-0.00005', -1],
    ['0.00004', 0],
    ['12.345678', 123_457],
    ['900719925474.0991', Number.MAX_SAFE_INTEGER],
    ['99999999999999999999.99', Number.MAX_SAFE_INTEGER], // beyond: at the end
    ['-99999999999999999999', -Number.MAX_SAFE_INTEGER],
    ['1e3', undefined],
    ['', undefined],
    ['12,50', undefined],
  ])('%s is %s ten-thousandths, exactly', (text, expected) => {
    expect(tenThousandthsOf(text)).toBe(expected);
  });

  test('at the top of the range, neighbouring amounts stay one ten-thousandth apart', () => {
    expect(tenThousandthsOf('900719925474.0990')! - tenThousandthsOf('900719925474.0989')!).toBe(1);
  });

  test.each([
    ['bill/invoice', { totals: { payable: '121.00' } }, 1_210_000],
    ['bill/order', { totals: { payable: '5' } }, 50_000],
    ['bill/delivery', { totals: { payable: '0.10' } }, 1_000],
    ['bill/payment', { total: '99.99' }, 999_900],
    ['bill/invoice', {}, undefined],
    ['org/party', { total: '1' }, undefined],
    ['bill/status', { totals: { payable: '1' } }, undefined],
  ])('%s %j sorts by %s', (type, fields, expected) => {
    expect(sortAmountOfDoc({ $schema: `${SCHEMA}${type}`, ...fields })).toBe(expected);
    expect(sortAmountOfJson(JSON.stringify({ doc: { $schema: `${SCHEMA}${type}`, ...fields } }))).toBe(expected);
  });

  test('the backfill reads only the envelopes of the types that have one, and survives text that is not JSON', () => {
    expect(['bill/invoice', 'bill/order', 'bill/delivery', 'bill/payment'].every((type) => mayHaveSortAmount(`${SCHEMA}${type}`))).toBe(
      true,
    );
    expect(['org/party', 'note/message', 'bill/status', 'x'].some((type) => mayHaveSortAmount(`${SCHEMA}${type}`))).toBe(false);
    expect(sortAmountOfJson('{')).toBeUndefined();
    expect(sortAmountOfJson('null')).toBeUndefined();
  });
});
