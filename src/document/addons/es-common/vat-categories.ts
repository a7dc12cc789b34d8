/** The Spanish VAT-like categories VERI*FACTU and SII report: VAT, and IGIC in the Canary Islands. */
export const VAT_OR_IGIC = ['VAT', 'IGIC'];
