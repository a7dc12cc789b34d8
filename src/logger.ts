import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Fields of database errors that repeat the statement and its values: for an insert, the whole document.
 * Business data has no place in a log line, so they are dropped from every logged error, however deep.
 */
const STATEMENT_FIELDS = ['query', 'parameters', 'sql', 'sqlMessage'] as const;

/** pino's error serializer, without the statement and its values (TypeORM's QueryFailedError and the drivers' errors). */
export function serializeError(error: unknown): Record<string, unknown> {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  return withoutStatements(serialized, 0);
}

function withoutStatements(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if ((STATEMENT_FIELDS as readonly string[]).includes(name)) continue;
    if (field instanceof Error && depth < 3)
      out[name] = withoutStatements(pino.stdSerializers.err(field) as unknown as Record<string, unknown>, depth + 1);
    else if (field !== null && typeof field === 'object' && !Array.isArray(field) && depth < 3)
      out[name] = withoutStatements(field as Record<string, unknown>, depth + 1);
    else out[name] = field;
  }
  return out;
}

/** Structured JSON logs on stdout. Authorization headers, tokens and SQL values never reach a log line. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['authorization', 'token', '*.authorization', '*.token'], censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
