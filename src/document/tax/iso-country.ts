/** Tax country codes that are not ISO country codes, and the ISO country each stands for (EU stands for none). */
const ISO_OF_TAX_CODE: Readonly<Record<string, string>> = { EL: 'GR', XI: 'GB', XU: 'GB', EU: '' };

/** The ISO country of a tax country code: itself, but for Greece's EL, Northern Ireland's XI and XU, and EU (''). */
export function isoCountryOfTaxCode(code: string): string {
  return ISO_OF_TAX_CODE[code] ?? code;
}
