import { envelopeColumns, PACKED_JSON_MAX_BYTES, packJson, storedJson, unpackJson } from '../../src/storage/packed-json';

describe('packed JSON', () => {
  const texts = [
    '{}',
    'null',
    '"just a string"',
    JSON.stringify({ name: 'Ünïcødé ✓ — 日本語 🧾', escaped: '\u0000\u001f\\"', lone: '\ud800' }),
    JSON.stringify({ lines: Array.from({ length: 20_000 }, (_, i) => ({ i, item: { name: `Item ${i}`, price: `${i}.00` } })) }),
  ];

  test.each(texts.map((text) => [text.slice(0, 30), text]))('%s… unpacks to the very text that was packed', (_, text) => {
    const packed = packJson(text);
    expect(packed[0]).toBe(1);
    expect(unpackJson(packed)).toBe(text);
    expect(unpackJson(new Uint8Array(packed))).toBe(text);
  });

  test('an envelope packs to a fraction of its text', () => {
    const envelope = JSON.stringify({
      $schema: 'https://gobl.org/draft-0/envelope',
      head: {
        uuid: '01a22176-c17d-71f8-b03e-960449bb11b5',
        dig: { alg: 'sha256', val: 'e59aac11b8aa728c7796df07446655e4dad14f481a49d63623f5f442eabc59a3' },
      },
      doc: {
        $schema: 'https://gobl.org/draft-0/bill/invoice',
        $regime: 'ES',
        uuid: '01a22176-c17d-7b80-a70a-149ea4258864',
        type: 'standard',
        series: 'SAMPLE',
        code: '000001',
        issue_date: '2026-11-20',
        currency: 'EUR',
        supplier: { name: 'Provide One S.L.', tax_id: { country: 'ES', code: 'B98602642' } },
        customer: { name: 'Sample Customer 0', tax_id: { country: 'ES', code: '54387763P' } },
        lines: [
          {
            i: 1,
            quantity: '1',
            item: { name: 'Development services 1', price: '40.00' },
            sum: '40.00',
            taxes: [{ cat: 'VAT', key: 'standard', rate: 'general', percent: '21.0%' }],
            total: '40.00',
          },
        ],
        totals: {
          sum: '40.00',
          total: '40.00',
          taxes: {
            categories: [{ code: 'VAT', rates: [{ key: 'standard', base: '40.00', percent: '21.0%', amount: '8.40' }], amount: '8.40' }],
            sum: '8.40',
          },
          tax: '8.40',
          total_with_tax: '48.40',
          payable: '48.40',
        },
      },
    });
    expect(packJson(envelope).length).toBeLessThan(envelope.length / 3);
  });

  test('a codec tag it does not know is an error, not a wrong text', () => {
    const packed = packJson('{}');
    packed[0] = 2;
    expect(() => unpackJson(packed)).toThrow('unknown codec tag 2');
  });

  test('a row holds its envelope packed or, written before packing, as text', () => {
    expect(storedJson({ data: '', dataPacked: packJson('{"a":1}') })).toBe('{"a":1}');
    expect(storedJson({ data: '{"b":2}', dataPacked: null })).toBe('{"b":2}');
    expect(storedJson({})).toBeUndefined();
  });

  test('an envelope up to 64 KiB is stored packed, a larger one as text', () => {
    const small = JSON.stringify({ name: 'x'.repeat(PACKED_JSON_MAX_BYTES - 20) });
    expect(Buffer.byteLength(small)).toBeLessThanOrEqual(PACKED_JSON_MAX_BYTES);
    const packed = envelopeColumns(small);
    expect(packed.data).toBe('');
    expect(storedJson(packed)).toBe(small);
    // Counted in bytes: 22,000 three-byte characters are over the limit though the string is shorter.
    const large = JSON.stringify({ name: '✓'.repeat(22_000) });
    expect(large.length).toBeLessThan(PACKED_JSON_MAX_BYTES);
    expect(envelopeColumns(large)).toEqual({ data: large, dataPacked: null });
  });
});
