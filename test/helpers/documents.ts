/** Small documents the tests upload. */
export const party = (name: string) => ({ $schema: 'https://gobl.org/draft-0/org/party', name });
export const message = (title: string) => ({ $schema: 'https://gobl.org/draft-0/note/message', title, content: `about ${title}` });

/** A partial invoice that calculates and validates (Spanish regime). */
export const invoice = (overrides: Record<string, unknown> = {}) => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  series: 'F',
  code: '0001',
  currency: 'EUR',
  issue_date: '2026-11-20',
  supplier: { name: 'Provide One S.L.', tax_id: { country: 'ES', code: 'B98602642' } },
  customer: { name: 'Sample Consumer', tax_id: { country: 'ES', code: '54387763P' } },
  lines: [{ quantity: '20', item: { name: 'Development services', price: '90.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] }],
  ...overrides,
});

const address = (locality: string, country = 'ES') => ({ num: '12', street: 'Main Street', locality, code: '28002', country });

/** The README's invoice with what EN 16931 asks beyond GOBL: both parties' addresses, when it is due, where to pay. */
export const einvoice = (overrides: Record<string, unknown> = {}) =>
  invoice({
    supplier: {
      name: 'Provide One S.L.',
      tax_id: { country: 'ES', code: 'B98602642' },
      addresses: [address('Madrid')],
      emails: [{ addr: 'billing@example.com' }],
    },
    customer: { name: 'Sample Consumer', tax_id: { country: 'ES', code: '54387763P' }, addresses: [address('Valencia')] },
    payment: {
      terms: { key: 'due-date', due_dates: [{ date: '2026-12-20', percent: '100%' }] },
      instructions: {
        key: 'credit-transfer',
        credit_transfer: [{ iban: 'ES2501882570018167541248', bic: 'CAIXESBBXXX', name: 'Provide One' }],
      },
    },
    ...overrides,
  });

/** A customer in Germany, at an address there. */
export const germanCustomer = () => ({
  name: 'Kunde GmbH',
  tax_id: { country: 'DE', code: '282741168' },
  addresses: [address('Berlin', 'DE')],
});

/** No supplier: calculable, but not valid. */
export const invoiceWithoutSupplier = () =>
  invoice({ supplier: undefined, lines: [{ quantity: '2', item: { name: 'Hours', price: '10.00' } }] });

/** A valid invoice of `count` lines, each its own item and price: real work for the engine, under the default body limit up to ~10,000 lines. */
export const invoiceOfLines = (count: number) =>
  invoice({
    lines: Array.from({ length: count }, (_, i) => ({
      quantity: String((i % 7) + 1),
      item: { name: `Item ${i}`, price: `${(i % 997) + 1}.${String(i % 100).padStart(2, '0')}` },
      taxes: [{ cat: 'VAT', rate: 'general' }],
    })),
  });
