import type { JsonObject } from '../../../../src/document/base/types';
import { FAULT_CASES, flow10B2bInvoice, flow10Invoice, flow10Payment, flow2Invoice, flow6Payment, flow6Status } from './cases';
import { editedRunner } from '../run-edited';

/**
 * France's CTC addons (gobl.fr.ctc v0.0.3: fr-ctc-flow2-v1, fr-ctc-flow6-v1, fr-ctc-flow10-v1) end to end. Every
 * expected default, code and path was checked against GOBL v0.502.1 built with the module (the extended
 * reference build): the documents of cases.ts, edited, gave the same faults there.
 */

const ctx = { newUuid: () => '0190a5f2-7c3e-7000-8000-000000000001', now: new Date('2026-03-05T10:00:00Z') };
const run = editedRunner(ctx, flow2Invoice);

const obj = (v: unknown) => v as JsonObject;
const list = (v: unknown) => v as JsonObject[];
const taxExt = (d: JsonObject) => obj(obj(d.tax).ext);

describe('fr-ctc-flow2-v1', () => {
  it('sets its defaults, and a domestic B2B invoice passes', () => {
    const { doc, faults } = run();
    expect(faults).toEqual([]);
    expect(doc.$addons).toEqual(['eu-en16931-v2017', 'fr-ctc-flow2-v1']);
    expect(doc.tax).toEqual({ rounding: 'currency', ext: { 'fr-ctc-billing-mode': 'M1', 'untdid-document-type': '380' } });
    expect(list(doc.notes).map((n) => [n.key, obj(n.ext)['untdid-text-subject']])).toEqual([
      ['payment', 'PMT'],
      ['payment-method', 'PMD'],
      ['payment-term', 'AAB'],
    ]);
    const supplier = obj(doc.supplier);
    expect(supplier.identities).toEqual([{ scope: 'legal', type: 'SIREN', code: '732829320', ext: { 'iso-scheme-id': '0002' } }]);
    expect(list(supplier.inboxes)[0]).toEqual({ key: 'peppol', scheme: '0225', code: '732829320' });
  });

  it('derives the SIREN from the VAT code, or from a SIRET, when the party has none', () => {
    const { doc } = run((d) => {
      delete obj(d.supplier).identities;
      obj(d.customer).identities = [{ type: 'SIRET', code: '35600000000048' }];
    });
    expect(obj(doc.supplier).identities).toEqual([{ scope: 'legal', type: 'SIREN', code: '732829320', ext: { 'iso-scheme-id': '0002' } }]);
    expect(obj(doc.customer).identities).toEqual([
      { type: 'SIRET', code: '35600000000048', ext: { 'iso-scheme-id': '0009' } },
      { scope: 'legal', type: 'SIREN', code: '356000000', ext: { 'iso-scheme-id': '0002' } },
    ]);
  });

  it('keeps a billing mode given, and a note already there for a subject', () => {
    const { doc } = run((d) => {
      d.tax = { ext: { 'fr-ctc-billing-mode': 'S1' } };
      d.notes = [{ key: 'payment', text: 'Paiement à 30 jours.', ext: { 'untdid-text-subject': 'PMT' } }];
    });
    expect(taxExt(doc)['fr-ctc-billing-mode']).toBe('S1');
    expect(list(doc.notes)[0].text).toBe('Paiement à 30 jours.');
    expect(list(doc.notes)).toHaveLength(3);
  });

  it('adds the single-taxable-person note for a supplier under the STC scheme', () => {
    const { doc, faults } = run((d) => {
      list(obj(d.supplier).identities).push({ code: 'STC1', ext: { 'iso-scheme-id': '0231' } });
      d.ordering = { seller: { name: 'Membre SARL', tax_id: { country: 'FR', code: '39356000000' } } };
    });
    expect(list(doc.notes)[3]).toEqual({ key: 'legal', text: 'MEMBRE_ASSUJETTI_UNIQUE', ext: { 'untdid-text-subject': 'TXD' } });
    expect(faults).toEqual([]);
  });

  test.each<[string, (d: JsonObject) => void, string]>([
    ['self-billed', (d) => (d.$tags = ['self-billed']), '389'],
    ['factoring', (d) => (d.$tags = ['factoring']), '393'],
    ['self-billed factoring', (d) => (d.$tags = ['self-billed', 'factoring']), '501'],
    ['prepayment', (d) => (d.$tags = ['prepayment']), '386'],
    ['self-billed prepayment', (d) => (d.$tags = ['self-billed', 'prepayment']), '500'],
    ['corrective', (d) => Object.assign(d, { type: 'corrective', preceding: [{ code: '1', issue_date: '2026-01-01' }] }), '384'],
    [
      'self-billed corrective',
      (d) => Object.assign(d, { type: 'corrective', $tags: ['self-billed'], preceding: [{ code: '1', issue_date: '2026-01-01' }] }),
      '471',
    ],
    ['credit note', (d) => Object.assign(d, { type: 'credit-note', preceding: [{ code: '1', issue_date: '2026-01-01' }] }), '381'],
    [
      'self-billed credit note',
      (d) => Object.assign(d, { type: 'credit-note', $tags: ['self-billed'], preceding: [{ code: '1', issue_date: '2026-01-01' }] }),
      '261',
    ],
    [
      'factoring credit note',
      (d) => Object.assign(d, { type: 'credit-note', $tags: ['factoring'], preceding: [{ code: '1', issue_date: '2026-01-01' }] }),
      '396',
    ],
    [
      'prepayment credit note',
      (d) => Object.assign(d, { type: 'credit-note', $tags: ['prepayment'], preceding: [{ code: '1', issue_date: '2026-01-01' }] }),
      '503',
    ],
  ])('scenario: a %s invoice has document type %s', (_n, edit, code) => {
    expect(taxExt(run(edit).doc)['untdid-document-type']).toBe(code);
  });
});

describe('fr-ctc-flow10-v1', () => {
  it('gives a B2C invoice the category TNT1 and no billing mode', () => {
    const { doc, faults } = run(undefined, flow10Invoice);
    expect(faults).toEqual([]);
    expect(doc.$addons).toEqual(['fr-ctc-flow10-v1']);
    expect(taxExt(doc)).toEqual({ 'fr-ctc-flow10-b2c-category': 'TNT1', 'untdid-document-type': '380' });
    expect(list(list(doc.lines)[0].taxes)[0].ext).toEqual({ 'untdid-tax-category': 'S' });
  });

  it('gives a cross-border B2B invoice a billing mode, and its EU customer an identity from the VAT code', () => {
    const { doc, faults } = run(undefined, flow10B2bInvoice);
    expect(faults).toEqual([]);
    expect(taxExt(doc)).toEqual({ 'fr-ctc-billing-mode': 'M1', 'untdid-document-type': '380' });
    expect(obj(doc.customer).identities).toEqual([{ scope: 'legal', code: 'DE111111125', ext: { 'iso-scheme-id': '0223' } }]);
  });

  it('accepts a receipt to report', () => {
    expect(run(undefined, flow10Payment).faults).toEqual([]);
  });
});

describe('fr-ctc-flow6-v1', () => {
  it('sets the roles and the process code of a status line', () => {
    const { doc, faults } = run(undefined, flow6Status);
    expect(faults).toEqual([]);
    expect(obj(doc.supplier).ext).toEqual({ 'fr-ctc-flow6-role': 'SE' });
    expect(obj(doc.customer).ext).toEqual({ 'fr-ctc-flow6-role': 'BY' });
    expect(list(doc.lines)[0].ext).toEqual({ 'fr-ctc-flow6-status': '205' });
  });

  it('maps reasons and actions to their CDAR codes', () => {
    const { doc, faults } = run((d) => {
      const line = list(d.lines)[0];
      line.key = 'rejected';
      line.reasons = [{ key: 'finance-terms' }, { key: 'not-recognized', ext: { 'fr-ctc-flow6-reason': 'DOUBLE_FACT' } }];
      line.actions = [{ key: 'credit-full' }];
    }, flow6Status);
    const line = list(doc.lines)[0];
    expect(line.ext).toEqual({ 'fr-ctc-flow6-status': '210' });
    expect(list(line.reasons).map((r) => r.ext)).toEqual([
      { 'fr-ctc-flow6-condition': 'CBB', 'fr-ctc-flow6-reason': 'COORD_BANC_ERR' },
      { 'fr-ctc-flow6-condition': 'DIV', 'fr-ctc-flow6-reason': 'DOUBLE_FACT' },
    ]);
    expect(list(line.actions)[0].ext).toEqual({ 'fr-ctc-flow6-action': 'CNF' });
    // COORD_BANC_ERR is not a reason a refusal (210) takes.
    expect(faults).toEqual(['GOBL-FR-CTC-FLOW6-BILL-STATUS-21 $.doc.lines[0].reasons[0].ext']);
  });

  it('reads the status type and line key from a process code given', () => {
    const { doc, faults } = run((d) => {
      d.type = 'update';
      list(d.lines)[0] = {
        key: 'issued',
        ext: { 'fr-ctc-flow6-status': '207' },
        reasons: [{ ext: { 'fr-ctc-flow6-reason': 'PU_ERR' } }],
        doc: { code: '1', issue_date: '2026-03-01' },
      };
    }, flow6Status);
    const line = list(doc.lines)[0];
    expect([doc.type, line.key, obj(line.ext)['fr-ctc-flow6-status'], list(line.reasons)[0].key]).toEqual([
      'response',
      'rejected',
      '207',
      'prices',
    ]);
    expect(faults).toEqual([]);
  });

  it('sets the process code, characteristic and roles of payments', () => {
    const receipt = run(undefined, flow6Payment);
    expect(receipt.faults).toEqual([]);
    expect(receipt.doc.ext).toEqual({ 'fr-ctc-flow6-condition': 'MEN', 'fr-ctc-flow6-status': '212' });
    expect([obj(receipt.doc.supplier).ext, obj(receipt.doc.customer).ext]).toEqual([
      { 'fr-ctc-flow6-role': 'SE' },
      { 'fr-ctc-flow6-role': 'BY' },
    ]);
    const advice = run((d) => (d.type = 'advice'), flow6Payment);
    expect(advice.doc.ext).toEqual({ 'fr-ctc-flow6-condition': 'MPA', 'fr-ctc-flow6-status': '211' });
    expect([obj(advice.doc.supplier).ext, obj(advice.doc.customer).ext]).toEqual([
      { 'fr-ctc-flow6-role': 'BY' },
      { 'fr-ctc-flow6-role': 'SE' },
    ]);
  });
});

describe('fr-ctc rules', () => {
  test.each(FAULT_CASES)('%s', (_n, base, edit, want) => {
    expect(run(edit, base).faults).toEqual([...want].sort());
  });
});
