import { processDocument, type JsonObject } from '../../../src/document';
import { replicateDocument } from '../../../src/document/bill/invoice-replicate';
import { exampleDoc, withGobl } from '../../helpers/golden-examples';

const goldenDoc = (file: string) => exampleDoc<JsonObject>(file);

describe('replicateDocument', () => {
  withGobl.test.each([
    ['es/out/invoice-es-es-freelance.json', ['uuid', 'code', 'issue_date', 'issue_time', 'value_date', 'operation_date']],
    ['es/out/order.json', ['uuid', 'code', 'issue_date', 'issue_time', 'value_date', 'operation_date']],
    ['es/out/delivery.json', ['uuid', 'code', 'issue_date', 'issue_time', 'value_date']],
    ['es/out/payment.json', ['uuid', 'code', 'issue_date', 'issue_time', 'value_date']],
  ])('a copy of %s drops its identity and dates and keeps the rest', (file, cleared) => {
    const doc = goldenDoc(file);
    const before = structuredClone(doc);
    const copy = replicateDocument(doc);
    expect(doc).toEqual(before);
    for (const field of cleared) expect(copy).not.toHaveProperty(field);
    const kept = Object.fromEntries(Object.entries(doc).filter(([k]) => !cleared.includes(k)));
    expect(copy).toEqual(kept);
  });

  withGobl.test('a copied invoice calculates to a new document with the same totals', () => {
    const doc = goldenDoc('es/out/invoice-es-es-freelance.json');
    const result = processDocument(replicateDocument(doc), {
      newUuid: () => '0190c000-0000-7000-8000-0000000000bb',
      now: new Date('2026-05-05T12:00:00Z'),
    });
    expect(result.ok && result.envelope.doc).toMatchObject({
      uuid: '0190c000-0000-7000-8000-0000000000bb',
      issue_date: '2026-05-05',
      totals: doc.totals,
    });
    expect(result.ok && result.envelope.doc).not.toHaveProperty('code');
  });

  withGobl.test('documents without a copy rule (a party) are copied whole', () => {
    const party = goldenDoc('es/out/party.json');
    expect(replicateDocument(party)).toEqual(party);
  });
});
