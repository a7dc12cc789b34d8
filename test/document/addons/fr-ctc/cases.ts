import type { JsonObject } from '../../../../src/document/base/types';

/**
 * Documents and edits for the fr-ctc tests (fr-ctc.test.ts): each case is a base document, an edit and the faults
 * expected as sorted "CODE path,path" lines. Kept apart from the test so that the same cases can be sent to GOBL.
 */

export type Edit = (d: JsonObject) => void;
export type Case = [name: string, base: () => JsonObject, edit: Edit, faults: string[]];

const SCHEMA = 'https://gobl.org/draft-0/';

/** A French company: VAT code, SIREN identity, SIREN inbox, address. */
export function frParty(name: string, code: string, inbox = true): JsonObject {
  const siren = code.slice(-9);
  const p: JsonObject = {
    name,
    tax_id: { country: 'FR', code },
    identities: [{ type: 'SIREN', code: siren }],
    addresses: [{ num: '12', street: 'Rue de la Paix', locality: 'Paris', code: '75002', country: 'FR' }],
  };
  if (inbox) p.inboxes = [{ scheme: '0225', code: siren }];
  return p;
}

const SUPPLIER = () => frParty('Fournisseur Exemple SARL', '44732829320');
const CUSTOMER = () => frParty('Client Exemple SAS', '39356000000');

const lines = () => [{ quantity: '2', item: { name: 'Conseil', price: '450.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] }];

export function flow2Invoice(): JsonObject {
  return {
    $schema: `${SCHEMA}bill/invoice`,
    $addons: ['fr-ctc-flow2-v1'],
    series: 'FAC',
    code: '2026-0042',
    issue_date: '2026-03-02',
    currency: 'EUR',
    supplier: SUPPLIER(),
    customer: CUSTOMER(),
    lines: lines(),
    payment: { terms: { key: 'due-date', due_dates: [{ date: '2026-04-01', percent: '100%' }] } },
  };
}

export function flow10Invoice(): JsonObject {
  return {
    $schema: `${SCHEMA}bill/invoice`,
    $addons: ['fr-ctc-flow10-v1'],
    series: 'TK',
    code: '991',
    issue_date: '2026-03-02',
    currency: 'EUR',
    supplier: frParty('Boutique Exemple SARL', '44732829320', false),
    lines: lines(),
  };
}

export function flow10B2bInvoice(): JsonObject {
  const doc = flow10Invoice();
  doc.customer = {
    name: 'Beispiel GmbH',
    tax_id: { country: 'DE', code: '111111125' },
    addresses: [{ street: 'Hauptstraße', num: '1', locality: 'Berlin', code: '10115', country: 'DE' }],
  };
  return doc;
}

export function flow10Payment(): JsonObject {
  return {
    $schema: `${SCHEMA}bill/payment`,
    $addons: ['fr-ctc-flow10-v1'],
    type: 'receipt',
    code: 'ENC-7',
    issue_date: '2026-03-10',
    value_date: '2026-03-10',
    currency: 'EUR',
    methods: [{ key: 'credit-transfer' }],
    supplier: frParty('Boutique Exemple SARL', '44732829320', false),
    lines: [{ document: { series: 'TK', code: '991', issue_date: '2026-03-02' }, amount: '1080.00' }],
  };
}

export function flow6Payment(): JsonObject {
  const doc = flow10Payment();
  doc.$addons = ['fr-ctc-flow6-v1'];
  delete doc.value_date;
  doc.supplier = SUPPLIER();
  doc.customer = CUSTOMER();
  return doc;
}

export function flow6Status(): JsonObject {
  return {
    $schema: `${SCHEMA}bill/status`,
    $addons: ['fr-ctc-flow6-v1'],
    type: 'response',
    code: 'CDV-1',
    issue_date: '2026-03-05',
    supplier: CUSTOMER(),
    customer: SUPPLIER(),
    lines: [{ key: 'accepted', doc: { series: 'FAC', code: '2026-0042', issue_date: '2026-03-02' } }],
  };
}

const obj = (v: unknown) => v as JsonObject;
const list = (v: unknown) => v as JsonObject[];
const sup = (d: JsonObject) => obj(d.supplier);
const cus = (d: JsonObject) => obj(d.customer);
const setExt = (d: JsonObject, ext: Record<string, string>) => {
  const tax = obj(d.tax ?? (d.tax = {}));
  tax.ext = { ...obj(tax.ext ?? {}), ...ext };
};

const F2 = 'GOBL-FR-CTC-FLOW2-BILL-INVOICE';
const F2P = 'GOBL-FR-CTC-FLOW2-ORG-PARTY';
const F10 = 'GOBL-FR-CTC-FLOW10-BILL-INVOICE';
const F10PAY = 'GOBL-FR-CTC-FLOW10-BILL-PAYMENT';
const F10P = 'GOBL-FR-CTC-FLOW10-ORG-PARTY';
const F6S = 'GOBL-FR-CTC-FLOW6-BILL-STATUS';
const F6P = 'GOBL-FR-CTC-FLOW6-BILL-PAYMENT';
const F6O = 'GOBL-FR-CTC-FLOW6-ORG-PARTY';

export const FAULT_CASES: Case[] = [
  // flow 2
  ['flow2: another currency without a rate', flow2Invoice, (d) => (d.currency = 'USD'), [`${F2}-01 $.doc`]],
  ['flow2: a code with a space', flow2Invoice, (d) => (d.code = 'A 1'), [`${F2}-02 $.doc`]],
  ['flow2: series and code over 35 characters', flow2Invoice, (d) => (d.code = 'X'.repeat(32)), [`${F2}-02 $.doc`]],
  ['flow2: a credit note without preceding', flow2Invoice, (d) => (d.type = 'credit-note'), [`${F2}-06 $.doc.preceding`]],
  [
    'flow2: a corrective invoice with two preceding references',
    flow2Invoice,
    (d) => {
      d.type = 'corrective';
      d.preceding = [
        { code: '1', issue_date: '2026-01-01' },
        { code: 'B 2', issue_date: '2026-01-02' },
      ];
    },
    [`${F2}-03 $.doc.preceding[1]`, `${F2}-05 $.doc.preceding`],
  ],
  ['flow2: a document type flow 2 does not take', flow2Invoice, (d) => (d.$tags = ['partial']), []],
  [
    'flow2: a final invoice mode with an advance document type',
    flow2Invoice,
    (d) => {
      d.$tags = ['prepayment'];
      setExt(d, { 'fr-ctc-billing-mode': 'S4' });
    },
    [`${F2}-10 $.doc.tax.ext`],
  ],
  ['flow2: no supplier inbox', flow2Invoice, (d) => delete sup(d).inboxes, [`${F2}-11 $.doc.supplier.inboxes`, `${F2}-13 $.doc.supplier`]],
  [
    'flow2: a supplier inbox of another SIREN',
    flow2Invoice,
    (d) => (list(sup(d).inboxes)[0].code = '123456789'),
    [`${F2}-13 $.doc.supplier`],
  ],
  [
    'flow2: a customer without SIREN or tax ID',
    flow2Invoice,
    (d) => {
      delete cus(d).identities;
      delete cus(d).tax_id;
    },
    [`${F2}-15 $.doc.customer.identities`],
  ],
  ['flow2: no customer inbox', flow2Invoice, (d) => delete cus(d).inboxes, [`${F2}-14 $.doc.customer.inboxes`]],
  [
    'flow2: a self-billed invoice whose customer inbox is not its SIREN',
    flow2Invoice,
    (d) => {
      d.$tags = ['self-billed'];
      list(cus(d).inboxes)[0].code = '999999999';
    },
    [`${F2}-16 $.doc.customer`],
  ],
  [
    'flow2: two ordering identities with reference AFL',
    flow2Invoice,
    (d) => {
      d.ordering = {
        identities: [
          { code: 'A1', ext: { 'untdid-reference': 'AFL' } },
          { code: 'A2', ext: { 'untdid-reference': 'AFL' } },
        ],
      };
    },
    [`${F2}-17 $.doc.ordering.identities`],
  ],
  [
    'flow2: a supplier under the STC scheme without a seller',
    flow2Invoice,
    (d) => list(sup(d).identities).push({ code: 'STC1', ext: { 'iso-scheme-id': '0231' } }),
    [`${F2}-19 $.doc.ordering`],
  ],
  [
    'flow2: a debit note, whose document type (383, from EN 16931) flow 2 does not take',
    flow2Invoice,
    (d) => {
      d.type = 'debit-note';
      d.preceding = [{ code: '1', issue_date: '2026-01-01' }];
    },
    [`${F2}-08 $.doc.tax.ext`],
  ],
  [
    'flow2: a due date before the issue date',
    flow2Invoice,
    (d) => (list(obj(obj(d.payment).terms).due_dates)[0].date = '2026-03-01'),
    [`${F2}-29 $.doc`],
  ],
  [
    'flow2: an already paid invoice without advances',
    flow2Invoice,
    (d) => setExt(d, { 'fr-ctc-billing-mode': 'B2' }),
    [`${F2}-33 $.doc.totals.advance`, `${F2}-35 $.doc.totals`],
  ],
  [
    'flow2: an already paid invoice with a partial advance',
    flow2Invoice,
    (d) => {
      setExt(d, { 'fr-ctc-billing-mode': 'B2' });
      obj(d.payment).advances = [{ description: 'Acompte', amount: '100.00' }];
    },
    [`${F2}-34 $.doc.totals`, `${F2}-35 $.doc.totals`],
  ],
  [
    'flow2: two notes with subject PMT',
    flow2Invoice,
    (d) => {
      d.notes = [
        { key: 'payment', text: 'A', ext: { 'untdid-text-subject': 'PMT' } },
        { key: 'payment', text: 'B', ext: { 'untdid-text-subject': 'PMT' } },
      ];
    },
    [`${F2}-38 $.doc.notes`],
  ],
  [
    'flow2: attachments without description and two LISIBLE',
    flow2Invoice,
    (d) => {
      d.attachments = [
        { code: 'A1', name: 'a.pdf', url: 'https://example.com/a.pdf' },
        { code: 'A2', name: 'b.pdf', url: 'https://example.com/b.pdf', description: 'LISIBLE' },
        { code: 'A3', name: 'c.pdf', url: 'https://example.com/c.pdf', description: 'LISIBLE' },
      ];
    },
    [`${F2}-39 $.doc.attachments[0].description`, `${F2}-40 $.doc.attachments[0].description`, `${F2}-41 $.doc.attachments`],
  ],
  [
    'flow2: a SIRET that does not start with the SIREN',
    flow2Invoice,
    (d) => list(sup(d).identities).push({ type: 'SIRET', code: '11111111100011' }),
    [`${F2P}-01 $.doc.supplier.identities`],
  ],
  [
    'flow2: an identity without scheme',
    flow2Invoice,
    (d) => list(cus(d).identities).push({ type: 'DUNS', code: '123456789' }),
    [`${F2P}-02 $.doc.customer.identities`],
  ],
  [
    'flow2: a private identifier with a space',
    flow2Invoice,
    (d) => list(cus(d).identities).push({ key: 'private-id', code: 'AB 12' }),
    [`${F2P}-02 $.doc.customer.identities`, 'GOBL-FR-CTC-FLOW2-ORG-IDENTITY-02 $.doc.customer.identities[1].code'],
  ],
  [
    'flow2: a SIREN inbox code with a space',
    flow2Invoice,
    (d) => (list(sup(d).inboxes)[0].code = '732829320 X'),
    [`${F2P}-03 $.doc.supplier.inboxes[0]`, 'GOBL-FR-CTC-FLOW2-ORG-INBOX-02 $.doc.supplier.inboxes[0].code'],
  ],
  [
    'flow2: a blank item meta value',
    flow2Invoice,
    (d) => (obj(list(d.lines)[0].item).meta = { lot: ' ' }),
    ['GOBL-FR-CTC-FLOW2-ORG-ITEM-01 $.doc.lines[0].item.meta'],
  ],
  // flow 10
  [
    'flow10: B2C at a VAT percent France never had',
    flow10Invoice,
    (d) => (list(d.lines)[0].taxes = [{ cat: 'VAT', percent: '21%' }]),
    [`${F10}-07 $.doc`],
  ],
  [
    'flow10: B2C whose supplier has no SIREN',
    flow10Invoice,
    (d) => {
      d.$regime = 'FR';
      delete sup(d).identities;
      delete sup(d).tax_id;
    },
    [`${F10}-06 $.doc.supplier`, 'GOBL-FR-BILL-INVOICE-01 $.doc.supplier'],
  ],
  [
    'flow10: an address without country',
    flow10Invoice,
    (d) => delete list(sup(d).addresses)[0].country,
    [`${F10}-02 $.doc.supplier.addresses[0].country`],
  ],
  [
    'flow10: B2B with a customer outside the EU without identity',
    flow10B2bInvoice,
    (d) => (cus(d).tax_id = { country: 'US' }),
    [`${F10}-17 $.doc.customer`],
  ],
  [
    'flow10: B2B with an exempt line',
    flow10B2bInvoice,
    (d) => (list(d.lines)[0].taxes = [{ cat: 'VAT', key: 'exempt' }]),
    [`${F10}-15 $.doc`],
  ],
  ['flow10: B2B with a self-billed document type', flow10B2bInvoice, (d) => setExt(d, { 'untdid-document-type': '389' }), []],
  [
    'flow10: an identity without scheme',
    flow10Invoice,
    (d) => list(sup(d).identities).push({ type: 'DUNS', code: '1' }),
    [`${F10P}-02 $.doc.supplier.identities[1].ext`],
  ],
  [
    'flow10: two identities with one scheme',
    flow10Invoice,
    (d) => list(sup(d).identities).push({ code: '732829320', ext: { 'iso-scheme-id': '0002' } }),
    [`${F10P}-01 $.doc.supplier.identities`],
  ],
  ['flow10: a payment request', flow10Payment, (d) => (d.type = 'request'), [`${F10PAY}-01 $.doc.type`]],
  ['flow10: a receipt without value date', flow10Payment, (d) => delete d.value_date, [`${F10PAY}-02 $.doc.value_date`]],
  [
    'flow10: a B2B receipt line without document code',
    flow10Payment,
    (d) => {
      d.customer = CUSTOMER();
      delete obj(list(d.lines)[0].document).code;
    },
    [`${F10PAY}-07 $.doc.lines[0].document.code`, 'GOBL-ORG-DOCUMENTREF-01 $.doc.lines[0].document.code'],
  ],
  // flow 6
  ['flow6: a system status', flow6Status, (d) => (d.type = 'system'), [`${F6S}-01 $.doc.type`]],
  ['flow6: no customer', flow6Status, (d) => delete d.customer, [`${F6S}-07 $.doc.customer`]],
  [
    'flow6: a supplier without inbox or SIREN',
    flow6Status,
    (d) => {
      delete sup(d).inboxes;
      delete sup(d).identities;
      delete sup(d).tax_id;
    },
    [`${F6S}-04 $.doc.supplier`, `${F6S}-06 $.doc.supplier.identities`],
  ],
  [
    'flow6: a platform needs no inbox',
    flow6Status,
    (d) => {
      delete sup(d).inboxes;
      sup(d).ext = { 'fr-ctc-flow6-role': 'WK' };
    },
    [],
  ],
  [
    'flow6: two lines, one without document',
    flow6Status,
    (d) => list(d.lines).push({ key: 'processing' }),
    [`${F6S}-11 $.doc.lines`, `${F6S}-12 $.doc.lines[1].doc`],
  ],
  ['flow6: a rejection without reasons', flow6Status, (d) => (list(d.lines)[0].key = 'rejected'), [`${F6S}-16 $.doc.lines[0].reasons`]],
  [
    'flow6: a rejection with a reason code refusals do not take',
    flow6Status,
    (d) => {
      list(d.lines)[0].key = 'rejected';
      list(d.lines)[0].reasons = [{ key: 'quantity' }];
    },
    [`${F6S}-21 $.doc.lines[0].reasons[0].ext`],
  ],
  ['flow6: an update about a line that is not issued', flow6Status, (d) => (d.type = 'update'), [`${F6S}-24 $.doc.lines[0].key`]],
  [
    'flow6: a process code of payments on a status',
    flow6Status,
    (d) => (d.ext = { 'fr-ctc-flow6-status': '212' }),
    [`${F6S}-02 $.doc.ext`],
  ],
  [
    'flow6: a reason with a payment characteristic',
    flow6Status,
    (d) => {
      list(d.lines)[0].key = 'querying';
      list(d.lines)[0].reasons = [{ key: 'partial', ext: { 'fr-ctc-flow6-reason': 'CMD_ERR', 'fr-ctc-flow6-condition': 'MEN' } }];
    },
    ['GOBL-FR-CTC-FLOW6-BILL-REASON-02 $.doc.lines[0].reasons[0].ext'],
  ],
  ['flow6: a payment request', flow6Payment, (d) => (d.type = 'request'), [`${F6P}-01 $.doc.type`]],
  [
    'flow6: a payment of two invoices',
    flow6Payment,
    (d) => list(d.lines).push({ document: { code: '2', issue_date: '2026-03-01' }, amount: '10.00' }),
    [`${F6P}-09 $.doc.lines`],
  ],
  [
    'flow6: a payment whose customer has no SIREN',
    flow6Payment,
    (d) => {
      delete cus(d).identities;
      delete cus(d).tax_id;
    },
    [`${F6P}-06 $.doc.customer.identities`],
  ],
  ['flow6: a receipt with the advice process code', flow6Payment, (d) => (d.ext = { 'fr-ctc-flow6-status': '211' }), []],
  ['flow6: an unknown role', flow6Payment, (d) => (sup(d).ext = { 'fr-ctc-flow6-role': 'XX' }), [`${F6O}-01 $.doc.supplier.ext`]],
  [
    'flow6: an identity of the STC scheme',
    flow6Payment,
    (d) => list(sup(d).identities).push({ code: 'X1', ext: { 'iso-scheme-id': '0231' } }),
    [`${F6O}-05 $.doc.supplier.identities[1].ext`, `${F6P}-04 $.doc.supplier.identities[1].ext`],
  ],
];
