import { v1, v3, v4, v5, v6, v7 } from 'uuid';
import { UUID_PATTERN } from '../../shared/uuid';
import { badInput, type ErrorFields } from '../../shared/errors';

export const UUID_VERSIONS = ['1', '3', '4', '5', '6', '7'] as const;
export type UuidVersion = (typeof UUID_VERSIONS)[number];

/** What `GET /utils/v1/uuid` asks for: a version (4 unless given), and for the name-based versions 3 and 5 a base UUID and a key. */
export interface UuidRequest {
  v?: string;
  base?: string;
  key?: string;
}

/** A new UUID of the version asked for, or a 400 naming each parameter at fault. */
export function generateUuid(request: UuidRequest): { uuid: string; version: UuidVersion } {
  const fields: ErrorFields = {};
  const version = (request.v ?? '4') as UuidVersion;
  if (!UUID_VERSIONS.includes(version)) fields.v = `must be one of ${UUID_VERSIONS.join(', ')}`;
  const named = version === '3' || version === '5';
  if (named) {
    if (request.base === undefined || request.base === '') fields.base = `is required with version ${version}`;
    else if (!UUID_PATTERN.test(request.base)) fields.base = 'must be a UUID';
    if (request.key === undefined || request.key === '') fields.key = `is required with version ${version}`;
  }
  const names = Object.keys(fields);
  if (names.length > 0) throw badInput(names.map((name) => `${name}: ${fields[name] as string}`).join('; '), fields);
  const make = {
    '1': v1,
    '4': v4,
    '6': v6,
    '7': v7,
    '3': () => v3(request.key!, request.base!.toLowerCase()),
    '5': () => v5(request.key!, request.base!.toLowerCase()),
  };
  return { uuid: make[version](), version };
}
