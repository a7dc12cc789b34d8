/** Fault codes of tax identities and combos, with this engine's own messages. */
export const taxCodes: readonly (readonly [string, string])[] = [
  ['GOBL-TAX-IDENTITY-01', 'the tax ID needs a country'],
  ['GOBL-TAX-IDENTITY-02', 'the tax ID code may hold only capital letters and digits'],
  ['GOBL-TAX-IDENTITY-03', 'the tax ID scheme is not a valid code'],
  ['GOBL-TAX-COMBO-01', 'the tax category is not defined by the regime'],
  ['GOBL-TAX-COMBO-02', 'the tax key is not defined for the category'],
  ['GOBL-TAX-COMBO-03', 'the tax rate is not defined for the key'],
  ['GOBL-TAX-COMBO-04', 'the percent is missing, or given where the key allows none'],
  ['GOBL-TAX-COMBO-05', 'a surcharge needs a percent'],
  ['GOBL-TAX-COMBO-06', 'the extension key is not defined'],
  ['GOBL-TAX-SET-01', 'a tax category may appear only once per set'],
];
