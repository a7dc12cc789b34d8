import { processDocument } from '../../../src/document';
import type { JsonObject } from '../../../src/document/base/types';

let counter = 0;
const ctx = {
  newUuid: () => `0190f0b8-0000-7000-8000-${String(++counter).padStart(12, '0')}`,
  now: new Date('2024-03-10T10:00:00Z'),
};

const invoice = (): JsonObject => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  currency: 'EUR',
  issue_date: '2024-03-10',
  code: 'T-1',
  supplier: { name: 'S', tax_id: { country: 'DE', code: '111111125' } },
  lines: [{ quantity: '1', item: { name: 'A', price: '10' }, taxes: [{ cat: 'VAT', rate: 'standard' }] }],
});

const withChange = (change: (d: JsonObject) => void) => {
  const d = invoice();
  change(d);
  return d;
};
const line = (d: JsonObject) => (d.lines as JsonObject[])[0];

/** Expectations checked against GOBL v0.502.1: each of these is refused while decoding, with the key `input`. */
describe('values GOBL cannot decode are refused before calculating, with the error input', () => {
  test.each<[string, (d: JsonObject) => void, string]>([
    ['a uuid of the wrong length', (d) => (d.uuid = 'not-a-uuid'), '$.uuid: invalid UUID length: 10'],
    ['a uuid with letters that are not hex', (d) => (d.uuid = '0190f0b8-0000-7000-8000-00000000000z'), '$.uuid: invalid UUID format'],
    ['a number as uuid', (d) => (d.uuid = 5), '$.uuid'],
    ['a date in another layout', (d) => (d.issue_date = '24-01-01'), '$.issue_date: parsing time "24-01-01"'],
    ['a date that does not exist', (d) => (d.issue_date = '2023-02-30'), 'day out of range'],
    ['a month that does not exist', (d) => (d.issue_date = '2024-13-01'), 'month out of range'],
    ['a time without seconds', (d) => (d.issue_time = '10:00'), '$.issue_time'],
    ['a quantity that is not a number', (d) => (line(d).quantity = 'abc'), "$.lines[0].quantity: invalid major number 'abc'"],
    ['a quantity with a decimal comma', (d) => (line(d).quantity = '1,5'), '$.lines[0].quantity'],
    ['an empty quantity', (d) => (line(d).quantity = ''), '$.lines[0].quantity'],
    ['two decimal points', (d) => (line(d).quantity = '1.2.3'), '$.lines[0].quantity'],
    ['a boolean amount', (d) => ((line(d).item as JsonObject).price = true), '$.lines[0].item.price'],
    ['an empty percentage', (d) => ((line(d).taxes as JsonObject[])[0].percent = ''), '$.lines[0].taxes[0].percent'],
    ['a percentage of words', (d) => ((line(d).taxes as JsonObject[])[0].percent = 'ten%'), '$.lines[0].taxes[0].percent'],
    ['an object where a list belongs', (d) => (d.lines = { quantity: '1' }), '$.lines: json: cannot unmarshal object'],
    ['a string where an object belongs', (d) => (d.supplier = 'S'), '$.supplier'],
    [
      'a field named in another case, as Go matches names',
      (d) => ((line(d).Quantity = 'abc'), delete line(d).quantity),
      '$.lines[0].quantity',
    ],
    ['a number where a string belongs', (d) => ((d.supplier as JsonObject).name = 5), '$.supplier.name'],
    ['a string where an integer belongs', (d) => (line(d).i = '1'), '$.lines[0].i'],
    ['a number in meta', (d) => (d.meta = { note: 5 }), '$.meta.note'],
    ['a list as ext', (d) => ((line(d).taxes as JsonObject[])[0].ext = ['x']), '$.lines[0].taxes[0].ext'],
    ['a number in $addons', (d) => (d.$addons = [5]), '$.$addons[0]'],
    [
      'an exchange rate time without a clock',
      (d) => (d.exchange_rates = [{ from: 'USD', to: 'EUR', amount: '1', at: '2024-01-01' }]),
      '$.exchange_rates[0].at',
    ],
    ['calculated totals that are not numbers', (d) => (d.totals = { sum: 'abc' }), '$.totals.sum'],
  ])('%s', (_what, change, message) => {
    const r = processDocument(withChange(change), ctx);
    expect(r).toMatchObject({ ok: false, error: 'input', faults: [] });
    if (!r.ok) expect(r.message).toContain(message);
  });

  test('a UUID in another form that Go reads comes out canonical, lower case (as GOBL writes it back)', () => {
    for (const given of [
      '{0190F3E2-7B1C-7000-8000-0123456789AB}',
      'urn:uuid:0190F3E2-7B1C-7000-8000-0123456789AB',
      '0190F3E27B1C700080000123456789AB',
    ]) {
      const r = processDocument({ $schema: 'https://gobl.org/draft-0/org/party', uuid: given, name: 'X' }, ctx);
      expect(r.ok && r.envelope.doc.uuid).toBe('0190f3e2-7b1c-7000-8000-0123456789ab');
    }
  });

  test('in an envelope, the head is read too and paths start at the envelope', () => {
    const env = (head: JsonObject, doc: JsonObject) => ({ $schema: 'https://gobl.org/draft-0/envelope', head, doc });
    expect(processDocument(env({ uuid: 'x' }, invoice()), ctx)).toMatchObject({
      ok: false,
      error: 'input',
      message: expect.stringContaining('$.head.uuid'),
    });
    const r = processDocument(
      env(
        {},
        withChange((d) => (d.issue_date = 'yesterday')),
      ),
      ctx,
    );
    expect(r).toMatchObject({ ok: false, error: 'input', message: expect.stringContaining('$.doc.issue_date') });
  });

  test.each<[string, (d: JsonObject) => void]>([
    ['a uuid in braces', (d) => (d.uuid = '{0190f0b8-0000-7000-8000-000000000001}')],
    ['a uuid without dashes', (d) => (d.uuid = '0190f0b8000070008000000000000001')],
    ['an empty uuid', (d) => (d.uuid = '')],
    ['numbers written as JSON numbers', (d) => ((line(d).quantity = 2), ((line(d).item as JsonObject).price = 10.5))],
    ['a null amount', (d) => (line(d).discounts = [{ percent: '10%', amount: null }])],
    ['a signed quantity', (d) => (line(d).quantity = '+2')],
    ['a time with fractions', (d) => (d.issue_time = '10:00:00.5')],
    ['the zero date', (d) => (d.op_date = '0000-00-00')],
    ['an unknown field of any type', (d) => (d.colour = { deep: [1, 2] })],
  ])('decodes %s', (_what, change) => {
    const r = processDocument(withChange(change), ctx);
    expect(r.ok || r.error).toBe(true);
  });

  test('a zero issue date is today, as a missing one', () => {
    const r = processDocument(
      withChange((d) => (d.issue_date = '0000-00-00')),
      ctx,
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.envelope.doc.issue_date).toBe('2024-03-10');
    expect(r.faults).toEqual([]);
  });
});
