/** Our engine on one input, as the build route runs it: fresh UUIDs from a counter, the clock of now. */
import { processDocument } from '../../src/document';
import type { JsonObject } from '../../src/document/base/types';
import { ourOutcome, type Outcome } from './outcome';

let counter = 0;

/** Version-7-shaped UUIDs that differ per call; their values are never compared (see `ignoredPaths`). */
function nextUuid(): string {
  counter++;
  const hex = counter.toString(16).padStart(12, '0');
  return `01900000-0000-7000-8000-${hex}`;
}

export function runOurEngine(input: JsonObject, now = new Date()): Outcome {
  try {
    return ourOutcome(processDocument(input, { newUuid: nextUuid, now }));
  } catch (err) {
    return ourOutcome(err instanceof Error ? err : new Error(String(err)));
  }
}
