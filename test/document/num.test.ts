import { Amount, Percentage } from '../../src/document/num';
import { percentageCache } from '../../src/document/num/percentage';

const a = (s: string) => Amount.parse(s);

describe('Amount', () => {
  test.each([
    ['90.00', '90.00', 2],
    ['20', '20', 0],
    ['-4.5', '-4.5', 1],
    ['-0.05', '-0.05', 2],
    ['0.000', '0.000', 3],
    ['+7', '7', 0],
    ['123456789012345678.99', '123456789012345678', 0],
    ['1.1234567890123456789', '1.12345678901234567', 17],
  ])('parse %s → %s (exp %i)', (text, out, exp) => {
    const v = a(text);
    expect(v.toString()).toBe(out);
    expect(v.exp).toBe(exp);
  });

  test.each(['', '1.2.3', 'abc', '1e5', '.5', '1234567890123456789'])('rejects %j', (text) => {
    expect(() => a(text)).toThrow();
  });

  test('numbers in JSON read as their text', () => {
    expect(Amount.from(20)?.toString()).toBe('20');
    expect(Amount.from(1.5)?.toString()).toBe('1.5');
    expect(Amount.from('')).toBeUndefined();
  });

  // GOBL rounds half away from zero.
  test.each([
    ['2.345', 2, '2.35'],
    ['-2.345', 2, '-2.35'],
    ['2.3449', 2, '2.34'],
    ['0.005', 2, '0.01'],
    ['-0.005', 2, '-0.01'],
    ['0.0049', 2, '0.00'],
    ['2.5', 0, '3'],
    ['-2.5', 0, '-3'],
    ['1.1', 3, '1.100'],
  ])('rescale %s to %i decimals → %s', (text, exp, out) => {
    expect(a(text).rescale(exp).toString()).toBe(out);
  });

  test.each([
    ['90.00', '20', '1800.00'],
    ['90.0000', '20', '1800.0000'],
    ['1.005', '1', '1.005'],
    ['10.00', '0.333', '3.33'],
    ['10.00', '0.335', '3.35'],
    ['-10.00', '0.335', '-3.35'],
    ['20', '1.5', '30'],
  ])('%s × %s → %s (keeps the left decimals)', (x, y, out) => {
    expect(a(x).multiply(a(y)).toString()).toBe(out);
  });

  test.each([
    ['100.00', '3', '33.33'],
    ['200.00', '3', '66.67'],
    ['121.0000', '1.21', '100.0000'],
    ['-1.00', '8', '-0.13'],
    ['5.00', '0', '0.00'],
  ])('%s ÷ %s → %s', (x, y, out) => {
    expect(a(x).divide(a(y)).toString()).toBe(out);
  });

  test.each([
    ['1.00', '0.005', '1.01'],
    ['1.005', '0.01', '1.015'],
    ['1', '0.6', '2'],
    ['10.00', '-10.005', '-0.01'],
  ])('%s + %s → %s (at the left decimals)', (x, y, out) => {
    expect(a(x).add(a(y)).toString()).toBe(out);
  });

  test('compare ignores decimals', () => {
    expect(a('1.50').equals(a('1.5'))).toBe(true);
    expect(a('1.49').compare(a('1.5'))).toBe(-1);
  });

  test('saturates when a product no longer fits 64 bits, dropping decimals first', () => {
    const big = a('90000000000000000.00').multiply(a('10'));
    expect(big.toString()).toBe('900000000000000000.0');
  });
});

describe('Percentage', () => {
  test.each([
    ['21%', '21%', '0.21'],
    ['21.0%', '21.0%', '0.210'],
    ['10.5%', '10.5%', '0.105'],
    ['0%', '0%', '0.00'],
    ['0.21', '21%', '0.21'],
    ['-5%', '-5%', '-0.05'],
    ['5.25%', '5.25%', '0.0525'],
  ])('%s prints %s, fraction %s', (text, out, fraction) => {
    const p = Percentage.parse(text);
    expect(p.toString()).toBe(out);
    expect(p.amount.toString()).toBe(fraction);
  });

  test.each([
    ['21%', '100.00', '21.00'],
    ['21.0%', '10.50', '2.21'],
    ['21.0%', '10.5000', '2.2050'],
    ['19%', '-10.50', '-2.00'],
    ['5.2%', '100.00', '5.20'],
  ])('%s of %s → %s', (p, base, out) => {
    expect(Percentage.parse(p).of(a(base)).toString()).toBe(out);
  });

  test('removing an included percentage', () => {
    expect(Percentage.parse('21%').removeFrom(a('121.0000')).toString()).toBe('100.0000');
    expect(Percentage.parse('21%').from(a('121.00')).toString()).toBe('21.00');
  });

  test('a text of megabytes is parsed but not kept in the cache', () => {
    const long = `${'0'.repeat(2_000_000)}21%`;
    expect(Percentage.parse(long).toString()).toBe('21%');
    expect(percentageCache.has(long)).toBe(false);
    expect(percentageCache.has('21%')).toBe(true);
  });

  test('the cache keeps at most its limit of entries, however many distinct texts come', () => {
    for (let i = 0; i < percentageCache.limits.entries * 4; i++) Percentage.parse(`${i}.${i % 97}%`);
    expect(percentageCache.size()).toBeLessThanOrEqual(percentageCache.limits.entries);
    expect(percentageCache.size()).toBeGreaterThan(0);
  });
});
