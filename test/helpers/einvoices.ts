import { processDocument, type JsonObject } from '../../src/document';
import { einvoice, germanCustomer } from './documents';

let uuids = 0;
const context = { newUuid: () => `0190a0b0-0000-7000-8000-${String(++uuids).padStart(12, '0')}`, now: new Date('2026-11-20T10:00:00Z') };

/**
 * The document calculated as the service calculates it for a format: with the EN 16931 addon, and valid by GOBL's
 * rules unless `gobl` says they may fault (the addon asks for some of what EN 16931 asks).
 */
export function calculated(doc: Record<string, unknown>, options: { addons?: string[]; gobl?: 'valid' | 'faulted' } = {}): JsonObject {
  const result = processDocument({ ...doc, $addons: options.addons ?? ['eu-en16931-v2017'] } as JsonObject, context);
  if (!result.ok) throw new Error(`not calculated: ${result.message}`);
  if (options.gobl !== 'faulted') expect(result.faults).toEqual([]);
  return result.envelope.doc;
}

/** Invoices EN 16931 can express, each showing a part of it; every format is judged on each of them. */
export const EINVOICES: [string, () => Record<string, unknown>][] = [
  ['the README invoice, with addresses, due date and IBAN', () => einvoice()],
  [
    'a credit note of it',
    () =>
      einvoice({
        type: 'credit-note',
        series: 'R',
        code: '0001',
        preceding: [{ series: 'F', code: '0001', issue_date: '2026-11-20', reason: 'Hours not worked' }],
      }),
  ],
  [
    'allowances and charges, on lines and on the document, at several VAT rates',
    () =>
      einvoice({
        lines: [
          {
            quantity: '20',
            item: { name: 'Development services', price: '90.00', unit: 'h' },
            discounts: [{ percent: '10%', reason: 'Loyalty' }],
            charges: [{ amount: '15.00', reason: 'Weekend work' }],
            taxes: [{ cat: 'VAT', rate: 'general' }],
          },
          { quantity: '3', item: { name: 'Printed manuals', price: '12.50' }, taxes: [{ cat: 'VAT', rate: 'reduced' }] },
          { quantity: '2', item: { name: 'Bread', price: '1.35', unit: 'kg' }, taxes: [{ cat: 'VAT', rate: 'super-reduced' }] },
        ],
        discounts: [{ percent: '5%', reason: 'Early customer', taxes: [{ cat: 'VAT', rate: 'general' }] }],
        charges: [{ amount: '12.00', reason: 'Shipping', taxes: [{ cat: 'VAT', rate: 'reduced' }] }],
      }),
  ],
  [
    'a reverse charge to a customer in another member state',
    () =>
      einvoice({
        customer: germanCustomer(),
        lines: [{ quantity: '10', item: { name: 'Consulting', price: '100.00' }, taxes: [{ cat: 'VAT', key: 'reverse-charge' }] }],
        tax: { notes: [{ cat: 'VAT', key: 'reverse-charge', text: 'Reverse charge: the customer accounts for the VAT' }] },
      }),
  ],
  [
    'an exempt line beside a taxed one',
    () =>
      einvoice({
        lines: [
          { quantity: '1', item: { name: 'Development services', price: '900.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] },
          {
            quantity: '1',
            item: { name: 'Medical check', price: '80.00' },
            taxes: [{ cat: 'VAT', key: 'exempt', ext: { 'cef-vatex': 'VATEX-EU-132-1B' } }],
          },
        ],
        tax: { notes: [{ cat: 'VAT', key: 'exempt', text: 'Exempt under Article 132(1)(b) of the VAT Directive' }] },
      }),
  ],
];

/** An intra-community supply (K) delivered to a warehouse of the buyer's: EN 16931 asks when and to which country. */
export const intraCommunitySupply = (): Record<string, unknown> =>
  einvoice({
    customer: germanCustomer(),
    lines: [{ quantity: '10', item: { name: 'Laptop', price: '100.00' }, taxes: [{ cat: 'VAT', key: 'intra-community' }] }],
    tax: { notes: [{ cat: 'VAT', key: 'intra-community', text: 'Intra-community supply' }] },
    delivery: {
      date: '2026-11-18',
      receiver: { name: 'Kunde Lager', addresses: [{ street: 'Lagerweg', num: '1', locality: 'Hamburg', code: '20095', country: 'DE' }] },
    },
  });
