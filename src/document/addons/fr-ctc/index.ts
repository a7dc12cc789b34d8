/** France's CTC e-invoicing reform (module gobl.fr.ctc): three addons, one per reporting flow. */
export { frCtcFlow2 } from './flow2';
export { frCtcFlow10 } from './flow10';
export { frCtcFlow6 } from './messages';
