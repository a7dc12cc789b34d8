/**
 * A stand-in for the reference program, for tests only: our own engine behind the same line protocol
 * (one JSON value a line in; {"envelope"}, {"error", "message"}, {"panic"} or {"bad_input"} out).
 * A document whose `code` is "exit-now" makes it exit at once, to exercise restarts.
 *
 * Run: node --require ./scripts/register-ts.js test/scripts/oracle/stand-in-oracle.ts
 */
import { createInterface } from 'node:readline';
import { v7 as uuidv7 } from 'uuid';
import { processDocument } from '../../../src/document';
import type { JsonObject } from '../../../src/document/base/types';

function answer(line: string): unknown {
  if (line.trim() === '') return { bad_input: 'empty line' };
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch (err) {
    return { bad_input: (err as Error).message };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { error: { key: 'input' }, message: 'input: not an object' };
  const doc = (data as JsonObject).doc ?? data;
  if (typeof doc === 'object' && doc !== null && (doc as JsonObject).code === 'exit-now') process.exit(3);
  try {
    const result = processDocument(data as JsonObject, { newUuid: () => uuidv7(), now: new Date() });
    if (!result.ok) return { error: { key: result.error }, message: `${result.error}: ${result.message}` };
    if (result.faults.length > 0) {
      return { error: { key: 'validation', faults: result.faults }, message: `validation: ${result.faults.map((f) => f.code).join(', ')}` };
    }
    return { envelope: result.envelope };
  } catch (err) {
    return { panic: err instanceof Error ? err.message : String(err) };
  }
}

createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', (line) => {
  process.stdout.write(`${JSON.stringify(answer(line))}\n`);
});
