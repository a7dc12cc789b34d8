import { at, fault } from '../rules/fault';
import { isPresent } from '../rules/values';
import type { Fault, JsonObject } from '../base/types';

/** GOBL-NOTE-MESSAGE-01: a message must say something. */
export function validateMessage(msg: JsonObject, path: string): Fault[] {
  return isPresent(msg.content) ? [] : [fault('GOBL-NOTE-MESSAGE-01', at(path, 'content'))];
}
