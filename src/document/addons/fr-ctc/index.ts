/** France's CTC e-invoicing reform (module gobl.fr.ctc): three addons, one per reporting flow. */
export { frCtcFlow10, frCtcFlow2 } from './invoices';
export { frCtcFlow6 } from './messages';
