export const TICKET = {
  exempt: 'it-ticket-exempt',
  product: 'it-ticket-product',
  lottery: 'it-ticket-lottery',
  line: 'it-ticket-line-ref',
} as const;

export const K = TICKET;
