/**
 * Where each kind of object sits inside the others: field → kind, `[]` for lists.
 * The validator walks documents with this map, so a rule for `org/identity` reaches
 * every identity wherever it appears (as GOBL's type-driven rules do).
 * Scalar kinds (`cal/date`, `cal/period`, `currency/code`) are checked where they appear.
 */
export const shape: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'bill/invoice': {
    issue_date: 'cal/date', op_date: 'cal/date', value_date: 'cal/date', currency: 'currency/code',
    exchange_rates: 'currency/exchange-rate[]', preceding: 'bill/preceding[]', tax: 'bill/tax',
    supplier: 'org/party', customer: 'org/party', lines: 'bill/line[]', discounts: 'bill/discount[]',
    charges: 'bill/charge[]', ordering: 'bill/ordering', payment: 'bill/payment-details',
    delivery: 'bill/delivery-details', totals: 'bill/totals', notes: 'org/note[]', attachments: 'org/attachment[]',
  },
  'bill/order': {
    issue_date: 'cal/date', op_date: 'cal/date', value_date: 'cal/date', currency: 'currency/code',
    exchange_rates: 'currency/exchange-rate[]', contracts: 'org/document-ref[]', preceding: 'bill/preceding[]',
    identities: 'org/identity[]', period: 'cal/period', tax: 'bill/tax', supplier: 'org/party', customer: 'org/party',
    buyer: 'org/party', seller: 'org/party', lines: 'bill/line[]', discounts: 'bill/discount[]', charges: 'bill/charge[]',
    payment: 'bill/payment-details', delivery: 'bill/delivery-details', totals: 'bill/totals', notes: 'org/note[]',
    attachments: 'org/attachment[]',
  },
  'bill/delivery': {
    issue_date: 'cal/date', value_date: 'cal/date', despatch_date: 'cal/date', receive_date: 'cal/date',
    currency: 'currency/code', exchange_rates: 'currency/exchange-rate[]', ordering: 'bill/ordering',
    preceding: 'bill/preceding[]', tracking: 'bill/tracking', tax: 'bill/tax', supplier: 'org/party',
    customer: 'org/party', despatcher: 'org/party', receiver: 'org/party', courier: 'org/party', lines: 'bill/line[]',
    discounts: 'bill/discount[]', charges: 'bill/charge[]', totals: 'bill/totals', notes: 'org/note[]',
    attachments: 'org/attachment[]',
  },
  'bill/payment': {
    issue_date: 'cal/date', value_date: 'cal/date', currency: 'currency/code', exchange_rates: 'currency/exchange-rate[]',
    preceding: 'bill/preceding[]', supplier: 'org/party', customer: 'org/party', payee: 'org/party',
    ordering: 'bill/ordering', lines: 'bill/payment-line[]', methods: 'pay/record[]', notes: 'org/note[]',
  },
  'bill/status': {
    issue_date: 'cal/date', supplier: 'org/party', customer: 'org/party', ordering: 'bill/ordering',
    lines: 'bill/status-line[]', notes: 'org/note[]',
  },
  'bill/status-line': { date: 'cal/date', doc: 'org/document-ref', reasons: 'bill/reason[]', actions: 'bill/action[]' },
  'bill/reason': { faults: 'bill/fault[]' },
  'bill/tracking': { website: 'org/website' },
  'bill/line': {
    identifier: 'org/identity', period: 'cal/period', item: 'org/item', breakdown: 'bill/sub-line[]',
    discounts: 'bill/line-discount[]', charges: 'bill/line-charge[]', taxes: 'tax/set', substituted: 'bill/sub-line[]',
    seller: 'org/party', notes: 'org/note[]',
  },
  'bill/sub-line': {
    identifier: 'org/identity', period: 'cal/period', item: 'org/item', discounts: 'bill/line-discount[]',
    charges: 'bill/line-charge[]', notes: 'org/note[]',
  },
  'bill/line-charge': { unit: 'org/unit' },
  'bill/discount': { taxes: 'tax/set' },
  'bill/charge': { taxes: 'tax/set' },
  'bill/ordering': {
    identities: 'org/identity[]', period: 'cal/period', buyer: 'org/party', seller: 'org/party', issuer: 'org/party',
    projects: 'org/document-ref[]', contracts: 'org/document-ref[]', purchases: 'org/document-ref[]',
    sales: 'org/document-ref[]', receiving: 'org/document-ref[]', despatch: 'org/document-ref[]', tender: 'org/document-ref[]',
  },
  'bill/payment-details': {
    payee: 'org/party', payer: 'org/party', terms: 'pay/terms', advances: 'pay/advance[]', instructions: 'pay/instructions',
  },
  'bill/delivery-details': { receiver: 'org/party', identities: 'org/identity[]', date: 'cal/date', period: 'cal/period' },
  'bill/payment-line': { document: 'org/document-ref', tax: 'tax/totals', notes: 'org/note[]' },
  'bill/totals': { taxes: 'tax/totals' },
  'bill/preceding': { issue_date: 'cal/date', identities: 'org/identity[]', period: 'cal/period', tax: 'tax/totals' },
  'org/document-ref': { issue_date: 'cal/date', identities: 'org/identity[]', period: 'cal/period', tax: 'tax/totals' },
  'org/party': {
    tax_id: 'tax/identity', identities: 'org/identity[]', people: 'org/person[]', endpoints: 'org/endpoint[]',
    inboxes: 'org/inbox[]', addresses: 'org/address[]', emails: 'org/email[]', websites: 'org/website[]',
    telephones: 'org/telephone[]', registration: 'org/registration', logos: 'org/image[]',
  },
  'org/person': {
    name: 'org/name', identities: 'org/identity[]', addresses: 'org/address[]', emails: 'org/email[]',
    telephones: 'org/telephone[]', avatars: 'org/image[]',
  },
  'org/address': { coords: 'org/coordinates' },
  'org/item': { identities: 'org/identity[]', images: 'org/image[]', currency: 'currency/code', unit: 'org/unit' },
  'pay/instructions': { online: 'pay/online[]' },
  'pay/record': { date: 'cal/date', currency: 'currency/code', online: 'pay/online[]' },
  'pay/advance': { date: 'cal/date', currency: 'currency/code', online: 'pay/online[]' },
  'pay/terms': { due_dates: 'pay/due-date[]' },
  'pay/due-date': { date: 'cal/date', currency: 'currency/code' },
  'tax/set': {},
  'tax/totals': {},
  'note/message': {},
};

/** The root kind of each document schema. */
export const rootKinds: Readonly<Record<string, string>> = {
  'https://gobl.org/draft-0/bill/invoice': 'bill/invoice',
  'https://gobl.org/draft-0/bill/order': 'bill/order',
  'https://gobl.org/draft-0/bill/delivery': 'bill/delivery',
  'https://gobl.org/draft-0/bill/payment': 'bill/payment',
  'https://gobl.org/draft-0/bill/status': 'bill/status',
  'https://gobl.org/draft-0/org/party': 'org/party',
  'https://gobl.org/draft-0/org/item': 'org/item',
  'https://gobl.org/draft-0/note/message': 'note/message',
  'https://gobl.org/draft-0/tax/identity': 'tax/identity',
};
