import { DomainError } from './errors';

/**
 * A request body kept as the JSON text it came as (checked to be UTF-8, within the depth and number rules,
 * but not parsed): the HTTP thread hands it to the engine's threads as it is, and they parse it there.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The value of JSON text, or the 400 that says it is not JSON. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DomainError('input', `the request body is not valid JSON: ${(error as Error).message}`);
  }
}
