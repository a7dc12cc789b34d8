/**
 * Tax ID codes for generated parties. A valid code is found by drawing candidates of the country's usual
 * shapes until one passes the engine's own format and checksum rules; how often GOBL agrees with that
 * judgement is one of the things the differential test measures. Invalid codes are deliberately broken.
 */
import '../../src/document/regimes';
import { taxCodeFaults } from '../../src/document/tax/identity-by-country';
import type { Random } from './random';

/** Candidate shapes per country: D a digit, L a capital letter, X either, anything else literal. */
const SHAPES: Record<string, string[]> = {
  AE: ['1DDDDDDDDDDDDD3', 'DDDDDDDDDDDDDDD'],
  AR: ['30DDDDDDDDD', '20DDDDDDDDD', '27DDDDDDDDD'],
  AT: ['UDDDDDDDD'],
  BE: ['0DDDDDDDDD', '1DDDDDDDDD'],
  BR: ['DDDDDDDD0001DD', 'DDDDDDDDDDD'],
  CA: ['DDDDDDDDD', 'DDDDDDDDDRT0001'],
  CH: ['EDDDDDDDDD'],
  CO: ['DDDDDDDDDD', 'DDDDDDDDD'],
  DE: ['DDDDDDDDD'],
  DK: ['DDDDDDDD'],
  EL: ['DDDDDDDDD'],
  ES: ['DDDDDDDDL', 'BDDDDDDDD', 'ADDDDDDDD', 'XDDDDDDDL', 'PDDDDDDDL'],
  FI: ['DDDDDDDD'],
  FR: ['DDDDDDDDDDD'],
  GB: ['DDDDDDDDD', 'DDDDDDDDDDDD'],
  IE: ['DDDDDDDL', 'DDDDDDDLA', 'DLDDDDDL'],
  IN: ['DDLLLLLDDDDLDZX', '27LLLLLDDDDL1ZX'],
  IT: ['DDDDDDDDDDD'],
  MX: ['LLLDDDDDDXXX', 'LLLLDDDDDDXXX'],
  NL: ['DDDDDDDDDB01', 'DDDDDDDDDB02'],
  NO: ['DDDDDDDDDMVA'],
  PL: ['DDDDDDDDDD'],
  PT: ['5DDDDDDDD', '2DDDDDDDD', '1DDDDDDDD'],
  SA: ['3DDDDDDDDDDDDD3'],
  SE: ['DDDDDDDDDD01'],
  SG: ['20DDDDDDDL', 'DDDDDDDDL', 'MXDDDDDDDL'],
  US: ['DDDDDDDDD'],
};

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

function fromShape(rng: Random, shape: string): string {
  let out = '';
  for (const ch of shape) {
    if (ch === 'D') out += rng.chars(DIGITS, 1);
    else if (ch === 'L') out += rng.chars(LETTERS, 1);
    else if (ch === 'X') out += rng.chars(LETTERS + DIGITS, 1);
    else out += ch;
  }
  return out;
}

/** True when the engine finds no fault in the code for that country. */
export function codePasses(country: string, code: string): boolean {
  return taxCodeFaults(country, code).length === 0;
}

/** A code the engine accepts for `country`, or undefined when none was found in a fair number of draws. */
export function validTaxCode(rng: Random, country: string): string | undefined {
  const shapes = SHAPES[country];
  if (!shapes) return undefined;
  for (let i = 0; i < 4000; i++) {
    const code = fromShape(rng, rng.pick(shapes));
    if (codePasses(country, code)) return code;
  }
  return undefined;
}

/** A code of the country's shape that the engine refuses (a wrong check digit, a wrong length). */
export function invalidTaxCode(rng: Random, country: string): string {
  const shapes = SHAPES[country] ?? ['DDDDDDDD'];
  for (let i = 0; i < 200; i++) {
    const code = rng.chance(0.8) ? fromShape(rng, rng.pick(shapes)) : fromShape(rng, 'DDDD');
    if (!codePasses(country, code)) return code;
  }
  return '0';
}

/** The same code written as people type it: lower case, dots, dashes, spaces, a country prefix. */
export function looselyWritten(rng: Random, country: string, code: string): string {
  switch (rng.int(0, 4)) {
    case 0:
      return code.toLowerCase();
    case 1:
      return `${code.slice(0, 3)}.${code.slice(3, 6)}-${code.slice(6)}`;
    case 2:
      return ` ${code.slice(0, 4)} ${code.slice(4)} `;
    case 3:
      return `${country}${code}`;
    default:
      return code;
  }
}
