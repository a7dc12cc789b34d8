import { isEnvelope, placeOfPath, readJsonSource } from '../../console/src/json-source';
import { refusalOf } from '../../console/src/refusal';

describe('pasted JSON in the console', () => {
  test.each([
    ['{\n  "a": 1,\n  "b": }', 3, 8, /expected a value/],
    ['{"a": 1,}', 1, 9, /expected a key/],
    ['{"a" 1}', 1, 6, /expected ":"/],
    ['[1, 2', 1, 6, /the text ends/],
    ['{"a": "two\nlines"}', 1, 11, /control character/],
    ['{} {}', 1, 4, /after the document's end/],
    ['', 1, 1, /the text ends/],
    ['{"a": tru}', 1, 7, /expected a value/],
  ])('%j is not JSON, at line %i, column %i', (text, line, column, why) => {
    const read = readJsonSource(text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.place).toMatchObject({ line, column });
    expect(read.message).toMatch(`at line ${line}, column ${column}`);
    expect(read.message).toMatch(why);
    // The browser's own parser refuses it too.
    expect(() => JSON.parse(text)).toThrow();
  });

  test("valid JSON gives JSON.parse's value and where each value starts", () => {
    const text = '{\n  "lines": [\n    {"item": {"price": "90.00", "na\\u006de": "x"}}\n  ],\n  "odd key": -1.5e3\n}';
    const read = readJsonSource(text);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value).toEqual(JSON.parse(text));
    expect(read.places.get('$.lines[0].item.price')).toMatchObject({ line: 3, column: 24, length: 7 });
    expect(read.places.get('$.lines[0].item.name')).toMatchObject({ line: 3 });
    expect(read.places.get('$["odd key"]')).toMatchObject({ line: 5, length: 6 });
  });

  test("a fault's path into the envelope finds its place in a pasted document, or in an envelope, or its nearest part", () => {
    const doc = readJsonSource('{\n "customer": {\n  "tax_id": {"code": "X"}\n }\n}');
    const envelope = readJsonSource('{"doc": {\n "customer": {"name": "A"}\n}}');
    if (!doc.ok || !envelope.ok) throw new Error('both are JSON');
    expect(isEnvelope(doc.value)).toBe(false);
    expect(isEnvelope(envelope.value)).toBe(true);
    expect(placeOfPath(doc.places, '$.doc.customer.tax_id.code', false)?.line).toBe(3);
    // A missing field points at the nearest part that is there.
    expect(placeOfPath(doc.places, '$.doc.customer.tax_id.country', false)?.line).toBe(3);
    expect(placeOfPath(doc.places, '$.doc.customer.addresses[0].street', false)?.line).toBe(2);
    expect(placeOfPath(envelope.places, '$.doc.customer.name', true)?.line).toBe(2);
    // The envelope's head is not in a bare document.
    expect(placeOfPath(doc.places, '$.head.uuid', false)).toBeUndefined();
  });

  test("a refusal's fields become faults at paths written as the engine writes them", () => {
    const refusal = refusalOf(
      { key: 'input', message: 'bad', fields: { data: { doc: { lines: { '0': { quantity: 'not a number' } } } }, folder: 'bad folder' } },
      'x',
    );
    expect(refusal.faults).toEqual([
      { code: 'input', message: 'not a number', paths: ['$.doc.lines[0].quantity'] },
      { code: 'input', message: 'bad folder', paths: ['folder'] },
    ]);
    // A value the engine cannot read: named in the message, by its path in the data sent (here a bare document).
    const unread = refusalOf({ key: 'input', message: 'm', fields: { data: "$.lines[0].quantity: invalid major number 'x'" } }, 'x', true);
    expect(unread.faults).toEqual([{ code: 'input', message: "invalid major number 'x'", paths: ['$.doc.lines[0].quantity'] }]);
    expect(refusalOf({ key: 'input', message: 'm', fields: { data: 'the document is empty' } }, 'x').faults[0].paths).toEqual(['$']);
    const faults = [{ code: 'GOBL-X', message: 'm', paths: ['$.doc.a'] }];
    expect(refusalOf({ key: 'validation', message: 'v', faults, fields: { data: {} } }, 'x').faults).toBe(faults);
  });
});
