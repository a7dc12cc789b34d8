import { billCodes } from './codes-bill';
import { orgCodes } from './codes-org';
import { regimeCodes } from './codes-regimes';
import { taxCodes } from './codes-tax';

/** Every fault code the engine's own validation reports, with its message. Codes are GOBL's, so clients can match on them. */
export const catalogue: readonly (readonly [string, string])[] = [...billCodes, ...orgCodes, ...taxCodes, ...regimeCodes];

const messages = new Map<string, string>(catalogue.map(([code, message]) => [code, message]));

/** The message of a catalogued code; an unknown code is a programming error. */
export function faultMessage(code: string): string {
  const message = messages.get(code);
  if (message === undefined) throw new Error(`fault code not in catalogue: ${code}`);
  return message;
}
