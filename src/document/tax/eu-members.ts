/** Current members of the European Union, by ISO code, plus Greece's tax code EL. */
const EU_MEMBERS = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'EL', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

export function inEU(country: string): boolean {
  return EU_MEMBERS.has(country);
}
