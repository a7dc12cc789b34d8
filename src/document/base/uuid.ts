import type { Json } from './types';

const ZERO_UUID = /^0{8}-0{4}-0{4}-0{4}-0{12}$/;

/** No UUID given: absent, empty, or GOBL's zero UUID, which stands for none. */
export function isUnsetUuid(value: Json | undefined): boolean {
  return typeof value !== 'string' || value === '' || ZERO_UUID.test(value);
}
