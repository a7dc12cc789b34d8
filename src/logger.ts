import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout. Authorization headers and tokens never reach a log line. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['authorization', 'token', '*.authorization', '*.token'], censor: '[redacted]' },
  });
}
