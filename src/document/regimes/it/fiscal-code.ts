import { luhnValid } from '../../tax/identity-checksum';

/** Codice fiscale of a person: name letters, birth date and place codes (with omocodia substitutions), a check letter. */
const PERSON_CODE = new RegExp(
  '^(?:[A-Z][AEIOU][AEIOUX]|[AEIOU]X{2}|[B-DF-HJ-NP-TV-Z]{2}[A-Z]){2}' +
    '(?:[\\dLMNP-V]{2}(?:[A-EHLMPR-T](?:[04LQ][1-9MNP-V]|[15MR][\\dLMNP-V]|[26NS][0-8LMNP-U])|[DHPS][37PT][0L]|[ACELMRT][37PT][01LM]|[AC-EHLMPR-T][26NS][9V])' +
    '|(?:[02468LNQSU][048LQU]|[13579MPRTV][26NS])B[26NS][9V])' +
    '(?:[A-MZ][1-9MNP-V][\\dLMNP-V]{2}|[A-M][0L](?:[1-9MNP-V][\\dLMNP-V]|[0L][1-9MNP-V]))[A-Z]$',
);

// Values of characters in odd positions (1st, 3rd...), indexed by A–Z after mapping digits 0–9 onto A–J.
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** Companies use their eleven-digit partita IVA; people a sixteen-character code. */
export function italianFiscalCodeFormatValid(code: string): boolean {
  if (code.length === 11) return /^\d{11}$/.test(code);
  return PERSON_CODE.test(code);
}

export function italianFiscalCodeChecksumValid(code: string): boolean {
  if (code.length === 11) return /^\d{11}$/.test(code) && luhnValid(code);
  if (code.length !== 16) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const ch = code[i];
    const n = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    if (n < 0 || n > 25) return false;
    sum += i % 2 === 0 ? ODD_VALUES[n] : n;
  }
  return String.fromCharCode(65 + (sum % 26)) === code[15];
}
