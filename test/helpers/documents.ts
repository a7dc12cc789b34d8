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
