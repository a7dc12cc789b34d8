import type { ValueTransformer } from 'typeorm';

/**
 * Times (whole milliseconds since the epoch) and sizes are stored in BIGINT columns: exact, and compared
 * the same way by every engine. Drivers may hand BIGINT back as a string; this turns it into a number again.
 */
export const bigintAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
