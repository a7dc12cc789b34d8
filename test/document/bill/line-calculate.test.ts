import { processDocument } from '../../../src/document';
import type { JsonObject } from '../../../src/document/base/types';

type Obj = Record<string, unknown>;

const ctx = { newUuid: () => '0190f0b8-0000-7000-8000-00000000ffff', now: new Date('2024-03-10T10:00:00Z') };

function delivery(lines: Obj[], schema = 'bill/delivery'): JsonObject {
  return {
    $schema: `https://gobl.org/draft-0/${schema}`,
    $regime: 'ES',
    type: schema === 'bill/delivery' ? 'note' : 'purchase',
    code: 'D-1',
    issue_date: '2024-03-10',
    supplier: { name: 'Proveedor S.L.', tax_id: { country: 'ES', code: 'B98602642' } },
    lines,
  } as JsonObject;
}

function firstLine(doc: JsonObject): Obj {
  const r = processDocument(doc, ctx);
  if (!r.ok) throw new Error(`${r.error}: ${r.message}`);
  return (r.envelope.doc.lines as Obj[])[0];
}

describe('lines without a price', () => {
  it('write a zero amount on discounts and charges the input gave none, as GOBL writes its plain amount field', () => {
    for (const schema of ['bill/delivery', 'bill/order']) {
      const l = firstLine(
        delivery(
          [{ quantity: '2', item: { name: 'Box' }, discounts: [{ percent: '10%' }], charges: [{ percent: '5%', reason: 'Packaging' }] }],
          schema,
        ),
      );
      expect(l.sum).toBeUndefined();
      expect(l.total).toBeUndefined();
      expect(l.discounts).toEqual([{ percent: '10%', amount: '0' }]);
      expect(l.charges).toEqual([{ reason: 'Packaging', percent: '5%', amount: '0' }]);
    }
  });

  it('keep an amount the input gave, uncalculated', () => {
    const l = firstLine(delivery([{ quantity: '2', item: { name: 'Box' }, discounts: [{ amount: '3.5' }] }]));
    expect(l.discounts).toEqual([{ amount: '3.5' }]);
  });

  it('do the same in the sub-lines of a breakdown without prices', () => {
    const l = firstLine(
      delivery([
        { quantity: '1', item: { name: 'Kit' }, breakdown: [{ quantity: '1', item: { name: 'Part' }, discounts: [{ percent: '10%' }] }] },
      ]),
    );
    expect((l.breakdown as Obj[])[0].discounts).toEqual([{ percent: '10%', amount: '0' }]);
  });

  it('still calculate the amount once the line has a price', () => {
    const l = firstLine(delivery([{ quantity: '2', item: { name: 'Box', price: '10.00' }, discounts: [{ percent: '10%' }] }]));
    expect(l.discounts).toEqual([{ percent: '10%', amount: '2.00' }]);
  });
});
