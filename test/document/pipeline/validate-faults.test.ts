import * as fs from 'fs';
import * as path from 'path';
import '../../../src/document';
import { validateDocument } from '../../../src/document/pipeline/validate';
import { catalogue } from '../../../src/document/rules/catalogue';
import type { Envelope, JsonObject } from '../../../src/document/base/types';
import { GOBL_DATA, readExample, withGobl } from '../../helpers/golden-examples';

const rulesDir = path.join(GOBL_DATA, 'rules');

const golden = (file: string) => readExample<Envelope>(file);

/** Applies `change` to a copy of a golden envelope's document and returns "code path" pairs of the faults. */
function faultsAfter(file: string, change: (doc: JsonObject) => void): string[] {
  const env = golden(file);
  change(env.doc);
  return validateDocument(env, { addons: [] }).flatMap((f) => f.paths.map((p) => `${f.code} ${p}`));
}

const ES = 'es/out/invoice-es-es.json';
const DE = 'de/out/invoice-de-de-xr.json';
const DE_STNR = 'de/out/invoice-de-de-stnr.json';
const any = (v: unknown) => v as any;

withGobl.describe('broken documents report GOBL fault codes and paths', () => {
  test.each<[string, string, (doc: JsonObject) => void, string[]]>([
    // GOBL runs both of the type's checks: a missing type is not a known one either.
    ['no type', ES, (d) => delete d.type, ['GOBL-BILL-INVOICE-01 $.doc.type', 'GOBL-BILL-INVOICE-02 $.doc.type']],
    ['unknown type', ES, (d) => (d.type = 'bogus'), ['GOBL-BILL-INVOICE-02 $.doc.type']],
    ['no issue date', ES, (d) => delete d.issue_date, ['GOBL-BILL-INVOICE-03 $.doc.issue_date']],
    ['no currency', ES, (d) => delete d.currency, ['GOBL-BILL-INVOICE-04 $.doc.currency']],
    ['unknown currency', ES, (d) => (d.currency = 'QQQ'), ['GOBL-CURRENCY-CODE-01 $.doc.currency']],
    ['no supplier name', ES, (d) => delete any(d.supplier).name, ['GOBL-BILL-INVOICE-06 $.doc.supplier.name']],
    ['no customer name', ES, (d) => delete any(d.customer).name, ['GOBL-BILL-INVOICE-07 $.doc.customer.name']],
    ['no item price', ES, (d) => delete any(d.lines)[0].item.price, ['GOBL-BILL-INVOICE-08 $.doc.lines[0].item.price']],
    ['no item name', ES, (d) => delete any(d.lines)[0].item.name, ['GOBL-ORG-ITEM-01 $.doc.lines[0].item.name']],
    ['negative price', ES, (d) => (any(d.lines)[0].item.price = '-1.00'), ['GOBL-ORG-ITEM-02 $.doc.lines[0].item.price']],
    ['no totals', ES, (d) => delete d.totals, ['GOBL-BILL-INVOICE-09 $.doc.totals']],
    ['no line sum', ES, (d) => delete any(d.lines)[0].sum, ['GOBL-BILL-LINE-04 $.doc.lines[0].sum']],
    ['no line index', ES, (d) => delete any(d.lines)[0].i, ['GOBL-BILL-LINE-01 $.doc.lines[0].i']],
    ['unknown tax category', ES, (d) => (any(d.lines)[0].taxes[0].cat = 'XXX'), ['GOBL-TAX-COMBO-01 $.doc.lines[0].taxes[0]']],
    ['unknown tax rate', ES, (d) => (any(d.lines)[0].taxes[0].rate = 'nope'), ['GOBL-TAX-COMBO-03 $.doc.lines[0].taxes[0]']],
    ['bad Spanish NIF', ES, (d) => (any(d.supplier).tax_id.code = 'B98602643'), ['GOBL-ES-TAX-IDENTITY-01 $.doc.supplier.tax_id.code']],
    ['no supplier tax ID in Spain', ES, (d) => delete any(d.supplier).tax_id, ['GOBL-ES-BILL-INVOICE-02 $.doc.supplier.tax_id']],
    ['German supplier without tax ID code', DE, (d) => delete any(d.supplier).tax_id.code, ['GOBL-DE-BILL-INVOICE-01 $.doc.supplier']],
    [
      'bad German VAT number',
      DE,
      (d) => (any(d.customer).tax_id.code = '111111126'),
      ['GOBL-DE-TAX-IDENTITY-01 $.doc.customer.tax_id.code'],
    ],
    [
      'bad German tax number',
      DE_STNR,
      (d) => (any(d.supplier).identities[0].code = '12345'),
      ['GOBL-DE-ORG-IDENTITY-01 $.doc.supplier.identities[0].code'],
    ],
    ['bad email', ES, (d) => (any(d.supplier).emails = [{ addr: 'nope' }]), ['GOBL-ORG-EMAIL-02 $.doc.supplier.emails[0].addr']],
    [
      'email without an address',
      ES,
      (d) => (any(d.supplier).emails = [{ label: 'work' }]),
      ['GOBL-ORG-EMAIL-01 $.doc.supplier.emails[0].addr', 'GOBL-ORG-EMAIL-02 $.doc.supplier.emails[0].addr'],
    ],
    ['email GOBL refuses', ES, (d) => (any(d.supplier).emails = [{ addr: 'a@b..c' }]), ['GOBL-ORG-EMAIL-02 $.doc.supplier.emails[0].addr']],
    ['website without a scheme', ES, (d) => (any(d.supplier).websites = [{ url: 'www.example.com' }]), []],
    [
      'website URL with a space',
      ES,
      (d) => (any(d.supplier).websites = [{ url: 'https://example.com/a b' }]),
      ['GOBL-ORG-WEBSITE-01 $.doc.supplier.websites[0].url'],
    ],
    [
      'logo URL with an upper-case scheme',
      ES,
      (d) => (any(d.supplier).logos = [{ url: 'HTTP://EXAMPLE.COM/logo.png' }]),
      ['GOBL-ORG-IMAGE-01 $.doc.supplier.logos[0].url'],
    ],
    ['attachment URL without a scheme', ES, (d) => (d.attachments = [{ url: 'example.com/a.pdf' }]), []],
    [
      'attachment URL of a bare host',
      ES,
      (d) => (d.attachments = [{ url: 'localhost/a' }]),
      ['GOBL-ORG-ATTACHMENT-01 $.doc.attachments[0].url'],
    ],
    [
      'preceding document URL with a space',
      ES,
      (d) => (d.preceding = [{ code: 'X1', issue_date: '2022-01-01', url: 'https://example.com/a b' }]),
      ['GOBL-ORG-DOCUMENTREF-03 $.doc.preceding[0].url'],
    ],
    ['inbox URL without a scheme', ES, (d) => (any(d.supplier).inboxes = [{ url: 'example.com/a.html' }]), []],
    [
      'inbox e-mail GOBL refuses',
      ES,
      (d) => (any(d.supplier).inboxes = [{ email: 'a..b@example.com' }]),
      ['GOBL-ORG-INBOX-05 $.doc.supplier.inboxes[0].email'],
    ],
    [
      'online payment URL with an upper-case scheme',
      ES,
      (d) => (d.payment = { instructions: { key: 'online', online: [{ url: 'HTTPS://PAY.EXAMPLE.COM' }] } }),
      ['GOBL-PAY-ONLINE-01 $.doc.payment.instructions.online[0].url'],
    ],
    ['bad note key', ES, (d) => (d.notes = [{ key: 'weird', text: 'x' }]), ['GOBL-ORG-NOTE-02 $.doc.notes[0].key']],
    [
      'bad period',
      ES,
      (d) => (any(d.lines)[0].period = { start: '2024-02-01', end: '2024-01-01' }),
      ['GOBL-CAL-PERIOD-10 $.doc.lines[0].period'],
    ],
  ])('%s', (_name, file, change, expected) => {
    expect(faultsAfter(file, change).sort()).toEqual([...expected].sort());
  });

  test('every fault is reported at once, not only the first', () => {
    const found = faultsAfter(ES, (d) => {
      delete d.type;
      delete d.currency;
      delete any(d.supplier).name;
      delete any(d.lines)[0].item.price;
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'GOBL-BILL-INVOICE-01 $.doc.type',
        'GOBL-BILL-INVOICE-04 $.doc.currency',
        'GOBL-BILL-INVOICE-06 $.doc.supplier.name',
        'GOBL-BILL-INVOICE-08 $.doc.lines[0].item.price',
      ]),
    );
  });

  test('faults with the same code are merged with all their paths', () => {
    const env = golden(ES);
    for (const line of any(env.doc.lines)) delete line.item.name;
    const itemFaults = validateDocument(env, { addons: [] }).filter((f) => f.code === 'GOBL-ORG-ITEM-01');
    expect(itemFaults).toHaveLength(1);
    expect(itemFaults[0].paths.length).toBe(any(env.doc.lines).length);
  });

  test('codes listed in head.ignore are dropped', () => {
    const env = golden(ES);
    delete env.doc.type;
    env.head.ignore = ['GOBL-BILL-INVOICE-01', 'GOBL-BILL-INVOICE-02'];
    expect(validateDocument(env, { addons: [] })).toEqual([]);
    env.head.ignore = ['GOBL-BILL-INVOICE-01'];
    expect(validateDocument(env, { addons: [] }).map((f) => f.code)).toEqual(['GOBL-BILL-INVOICE-02']);
  });

  test('a message without content', () => {
    const env = golden('note/out/message.json');
    delete env.doc.content;
    expect(validateDocument(env, { addons: [] }).map((f) => f.code)).toEqual(['GOBL-NOTE-MESSAGE-01']);
  });

  test('addon validators run on every node', () => {
    const env = golden(ES);
    const kinds = new Set<string>();
    validateDocument(env, { addons: [{ validate: (_n, kind) => (kinds.add(kind), []) }] });
    expect([...kinds]).toEqual(expect.arrayContaining(['bill/invoice', 'org/party', 'tax/identity', 'bill/line', 'org/item', 'tax/combo']));
  });
});

describe('fault catalogue', () => {
  test('codes are unique', () => {
    const codes = catalogue.map(([c]) => c);
    expect(new Set(codes).size).toBe(codes.length);
  });

  withGobl.test("every code is one of GOBL's", () => {
    const known = new Set<string>();
    const collect = (n: any): void => {
      for (const a of n.assert ?? []) known.add(a.id);
      for (const s of n.subsets ?? []) collect(s);
    };
    for (const f of fs.readdirSync(rulesDir)) collect(JSON.parse(fs.readFileSync(path.join(rulesDir, f), 'utf8')));
    expect(catalogue.map(([c]) => c).filter((c) => !known.has(c))).toEqual([]);
  });

  test('messages are short and non-empty', () => {
    for (const [, message] of catalogue) expect(message.length).toBeGreaterThan(5);
  });
});
