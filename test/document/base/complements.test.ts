import { processDocument } from '../../../src/document';
import { complementKindOf } from '../../../src/document/base/complements';
import type { Json, JsonObject, ProcessResult } from '../../../src/document/base/types';
import { engineRefusal } from '../../../src/domain/documents/faults';
import { HTTP_STATUS } from '../../../src/http/refusal';

/**
 * Complements (GOBL's `schema.Object` in a bill's or a status line's `complements`): read, calculated and
 * validated as the type their `$schema` names. Every expectation below (values, error keys, fault codes and
 * paths) was checked against GOBL v0.502.1 on the same documents.
 */

const S = (kind: string) => `https://gobl.org/draft-0/${kind}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOW = new Date('2025-03-01T10:00:00Z');

function spanishInvoice(complements: Json[], edit: (d: JsonObject) => void = () => undefined): JsonObject {
  const doc: JsonObject = {
    $schema: S('bill/invoice'),
    uuid: '0190a5f2-7c3e-7000-8000-000000000010',
    series: 'F',
    code: '1',
    issue_date: '2025-02-01',
    currency: 'EUR',
    supplier: { name: 'Prov SL', tax_id: { country: 'ES', code: 'B98602642' } },
    customer: { name: 'Cli SL', tax_id: { country: 'ES', code: '54387763P' } },
    lines: [{ quantity: '2', item: { name: 'X', price: '10.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] }],
    complements,
  };
  edit(doc);
  return doc;
}

function process(doc: JsonObject): ProcessResult {
  let n = 0;
  return processDocument(doc, { newUuid: () => `0190c8a4-0000-7000-8000-${String(++n).padStart(12, '0')}`, now: NOW });
}

/** The document's complements, when it is accepted without faults. */
function complementsOf(doc: JsonObject, at: (d: JsonObject) => Json = (d) => d.complements): JsonObject[] {
  const out = process(doc);
  if (!out.ok) throw new Error(`${out.error}: ${out.message}`);
  expect(out.faults).toEqual([]);
  return at(out.envelope.doc) as JsonObject[];
}

function faultsOf(doc: JsonObject): string[] {
  const out = process(doc);
  if (!out.ok) throw new Error(`${out.error}: ${out.message}`);
  return out.faults.flatMap((f) => f.paths.map((p) => `${f.code} ${p}`)).sort();
}

function errorOf(doc: JsonObject): string {
  const out = process(doc);
  return out.ok ? 'accepted' : out.error;
}

describe('complements of GOBL types', () => {
  it('reads a message as its type: keys folded, unknown fields dropped, a UUID given', () => {
    const [c] = complementsOf(spanishInvoice([{ $schema: S('note/message'), Title: 'x', content: 'y', extra: 1 }]));
    expect(Object.keys(c)).toEqual(['$schema', 'uuid', 'title', 'content']);
    expect(c).toMatchObject({ $schema: S('note/message'), title: 'x', content: 'y' });
    expect(c.uuid).toMatch(UUID);
  });

  it('reads $schema in any case, and keeps a UUID it is given (canonical); a zero one is replaced', () => {
    const [a, b] = complementsOf(
      spanishInvoice([
        { $SCHEMA: S('note/message'), content: 'y', uuid: '0190A5F2-7C3E-7000-8000-000000000099' },
        { $schema: S('note/message'), content: 'y', uuid: '00000000-0000-0000-0000-000000000000' },
      ]),
    );
    expect(a).toEqual({ $schema: S('note/message'), uuid: '0190a5f2-7c3e-7000-8000-000000000099', content: 'y' });
    expect(b.uuid).not.toBe('00000000-0000-0000-0000-000000000000');
    expect(b.uuid).toMatch(UUID);
  });

  it('validates a message inside the document', () => {
    expect(faultsOf(spanishInvoice([{ $schema: S('note/message'), title: 'x' }]))).toEqual([
      'GOBL-NOTE-MESSAGE-01 $.doc.complements[0].content',
    ]);
  });

  it('normalizes a party (its tax ID) and gives it a UUID', () => {
    const [c] = complementsOf(spanishInvoice([{ $schema: S('org/party'), name: 'P', tax_id: { country: 'es', code: 'b-98602642' } }]));
    expect(c.tax_id).toEqual({ country: 'es', code: 'B98602642' });
    expect(c.uuid).toMatch(UUID);
  });

  it('gives an item a UUID, its price as given', () => {
    const [c] = complementsOf(spanishInvoice([{ $schema: S('org/item'), name: 'I', price: '1.5' }]));
    expect(c).toEqual({ $schema: S('org/item'), uuid: c.uuid, name: 'I', price: '1.5' });
    expect(c.uuid).toMatch(UUID);
  });

  it('normalizes a tax identity, which has no UUID', () => {
    expect(complementsOf(spanishInvoice([{ $schema: S('tax/identity'), country: 'ES', code: 'B98602642' }]))).toEqual([
      { $schema: S('tax/identity'), country: 'ES', code: 'B98602642' },
    ]);
    const [c] = complementsOf(spanishInvoice([{ $schema: S('tax/identity'), country: 'es', code: 'b-98602642' }]));
    expect(c.code).toBe('B98602642');
  });

  it('reads any registered type: an address (folded, unknown fields dropped, a UUID), terms (a former field moved)', () => {
    const [address, terms] = complementsOf(
      spanishInvoice([
        { $schema: S('org/address'), street: 'Calle', Locality: 'Madrid', country: 'es', bogus: 1 },
        { $schema: S('pay/terms'), key: 'instant', detail: 'foo' },
      ]),
    );
    expect(address).toEqual({ $schema: S('org/address'), uuid: address.uuid, street: 'Calle', locality: 'Madrid', country: 'es' });
    expect(terms).toEqual({ $schema: S('pay/terms'), key: 'instant', notes: 'foo' });
  });

  it('validates a line as GOBL does, without calculating it', () => {
    expect(faultsOf(spanishInvoice([{ $schema: S('bill/line'), quantity: '2', item: { name: 'a', price: '5' }, sum: '1' }]))).toEqual([
      'GOBL-BILL-LINE-01 $.doc.complements[0].i',
      'GOBL-BILL-LINE-05 $.doc.complements[0].total',
    ]);
  });

  it('calculates an invoice complement as an invoice of its own regime', () => {
    const [c] = complementsOf(
      spanishInvoice([
        {
          $schema: S('bill/invoice'),
          issue_date: '2025-01-01',
          series: 'X',
          code: '2',
          supplier: { name: 'S', tax_id: { country: 'FR', code: '44732829320' } },
          customer: { name: 'C', tax_id: { country: 'FR', code: '39356000000' } },
          lines: [{ quantity: '1', item: { name: 'a', price: '5' }, taxes: [{ cat: 'VAT', rate: 'standard' }] }],
        },
      ]),
    );
    expect(c.$regime).toBe('FR');
    expect(c.uuid).toMatch(UUID);
    expect(c.type).toBe('standard');
    expect(c.currency).toBe('EUR');
    expect((c.lines as JsonObject[])[0]).toMatchObject({
      i: 1,
      sum: '5.00',
      taxes: [{ cat: 'VAT', key: 'standard', rate: 'general', percent: '20%' }],
    });
    expect(c.totals).toMatchObject({ sum: '5.00', tax: '1.00', payable: '6.00' });
  });

  it('validates an invoice complement with the rules of the document it stands in', () => {
    const nested = {
      $schema: S('bill/invoice'),
      series: 'X',
      code: '2',
      currency: 'EUR',
      supplier: { name: 'S' },
      lines: [{ quantity: '1', item: { name: 'a', price: '5' } }],
    };
    expect(faultsOf(spanishInvoice([nested]))).toEqual(['GOBL-ES-BILL-INVOICE-02 $.doc.complements[0].supplier.tax_id']);
  });

  it('refuses a document whose invoice complement cannot be calculated', () => {
    const nested = {
      $schema: S('bill/invoice'),
      issue_date: '2025-01-01',
      $tags: ['nope'],
      supplier: { name: 'S', tax_id: { country: 'ES', code: 'B98602642' } },
      lines: [],
    };
    expect(errorOf(spanishInvoice([nested]))).toBe('calculation');
  });

  it('calculates the complements of orders, deliveries and status lines; not those of payments or of bypassed bills', () => {
    const message = { $schema: S('note/message'), content: 'y', Extra: 1 };
    const supplier = { name: 'Prov SL', tax_id: { country: 'ES', code: 'B98602642' } };
    const status = {
      $schema: S('bill/status'),
      uuid: '0190a5f2-7c3e-7000-8000-000000000010',
      type: 'response',
      code: 'S1',
      issue_date: '2025-02-01',
      supplier,
      lines: [{ key: 'accepted', doc: { code: 'F1' }, complements: [message] }],
    };
    const [onLine] = complementsOf(status, (d) => (d.lines as JsonObject[])[0].complements);
    expect(onLine).toEqual({ $schema: S('note/message'), uuid: onLine.uuid, content: 'y' });
    expect(onLine.uuid).toMatch(UUID);

    const order = {
      $schema: S('bill/order'),
      uuid: '0190a5f2-7c3e-7000-8000-000000000010',
      code: 'O1',
      issue_date: '2025-02-01',
      currency: 'EUR',
      supplier,
      customer: { name: 'C' },
      lines: [{ quantity: '1', item: { name: 'a', price: '5' } }],
      complements: [message],
    };
    expect(complementsOf(order)[0].uuid).toMatch(UUID);

    const payment = {
      $schema: S('bill/payment'),
      uuid: '0190a5f2-7c3e-7000-8000-000000000010',
      type: 'receipt',
      code: 'P1',
      issue_date: '2025-02-01',
      currency: 'EUR',
      supplier,
      lines: [{ amount: '10.00', document: { code: 'F1' } }],
      complements: [message],
    };
    const paid = process(payment);
    expect(paid.ok && paid.envelope.doc.complements).toEqual([{ $schema: S('note/message'), content: 'y' }]);

    const bypassed = process(
      spanishInvoice([message], (d) => {
        d.$tags = ['bypass'];
      }),
    );
    expect(bypassed.ok && bypassed.envelope.doc.complements).toEqual([{ $schema: S('note/message'), content: 'y' }]);
  });
});

describe('complements of other types, and broken ones', () => {
  it('passes one of an unknown type through as it was given', () => {
    const given = { $schema: 'https://example.com/x', Foo: 1, a: '', b: null, c: [], d: {} };
    expect(complementsOf(spanishInvoice([given]))).toEqual([given]);
  });

  it('checks that the $schema of an unknown type is a URL', () => {
    expect(faultsOf(spanishInvoice([{ $schema: 'foo bar', a: '' }]))).toEqual(['GOBL-SCHEMA-ID-01 $.doc.complements[0].$schema']);
  });

  it('refuses one without $schema as GOBL does (error key marshal), after decoding and calculation', () => {
    expect(errorOf(spanishInvoice([{ foo: 1 }]))).toBe('marshal');
    expect(errorOf(spanishInvoice([{ $schema: '', a: 1 }]))).toBe('marshal');
    expect(
      errorOf(
        spanishInvoice([{ foo: 1 }], (d) => {
          delete (d.supplier as JsonObject).name;
        }),
      ),
    ).toBe('marshal');
    expect(
      errorOf(
        spanishInvoice([{ foo: 1 }], (d) => {
          d.issue_date = 'bad';
        }),
      ),
    ).toBe('input');
    expect(
      errorOf(
        spanishInvoice([{ foo: 1 }], (d) => {
          d.$tags = ['nope'];
        }),
      ),
    ).toBe('calculation');
  });

  it('answers marshal as a 422 of its own', () => {
    const out = process(spanishInvoice([{ foo: 1 }]));
    if (out.ok) throw new Error('accepted');
    const error = engineRefusal(out);
    expect(error.key).toBe('marshal');
    expect(HTTP_STATUS[error.key]).toBe(422);
  });

  it('refuses values that do not decode (error key input)', () => {
    expect(errorOf(spanishInvoice([{ $schema: S('note/message'), uuid: 'zz', title: 'x', content: 'y' }]))).toBe('input');
    expect(errorOf(spanishInvoice([{ $schema: S('org/item'), name: 'I', price: 'abc' }]))).toBe('input');
    expect(errorOf(spanishInvoice(['x']))).toBe('input');
    expect(errorOf(spanishInvoice([{ $schema: 5, a: 1 }]))).toBe('input');
  });

  it('drops null complements', () => {
    const out = process(spanishInvoice([null]));
    expect(out.ok && out.envelope.doc.complements).toBeUndefined();
  });

  it('knows GOBL registered types only', () => {
    expect(complementKindOf(S('note/message'))).toBe('note/message');
    expect(complementKindOf(S('bill/line'))).toBe('bill/line');
    expect(complementKindOf(S('bill/line-discount'))).toBeUndefined();
    expect(complementKindOf(S('nothing/here'))).toBeUndefined();
    expect(complementKindOf('https://gobl.org/draft-0/regimes/mx/food-vouchers')).toBe('mx-cfdi/food-vouchers');
  });
});
