import { at, fault } from '../rules/fault';
import { decimalOf } from '../num/decimal';
import { isZeroDate } from '../cal/date';
import { isEmail } from '../rules/email-format';
import { isUrl } from '../rules/url-format';
import { isPresent } from '../rules/values';
import type { Fault, JsonObject } from '../base/types';
import { isCurrency } from '../currency';

/** GOBL-ORG-ITEM-*: a name, and a price that is not negative. */
export function validateItem(item: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  if (!isPresent(item.name)) faults.push(fault('GOBL-ORG-ITEM-01', at(path, 'name')));
  const price = decimalOf(item.price);
  if (price?.isNegative()) faults.push(fault('GOBL-ORG-ITEM-02', at(path, 'price')));
  return faults;
}

/** GOBL-ORG-IDENTITY-*: a code, a known scope, and a key or a type but not both. */
export function validateIdentity(id: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  if (isPresent(id.key) && isPresent(id.type)) faults.push(fault('GOBL-ORG-IDENTITY-03', path));
  if (!isPresent(id.code)) faults.push(fault('GOBL-ORG-IDENTITY-01', at(path, 'code')));
  if (isPresent(id.scope) && !['tax', 'legal'].includes(String(id.scope))) {
    faults.push(fault('GOBL-ORG-IDENTITY-02', at(path, 'scope')));
  }
  return faults;
}

/** GOBL-ORG-EMAIL-*: GOBL asserts an address and its form apart, so a missing address fails both. */
export function validateEmail(node: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  if (!isPresent(node.addr)) faults.push(fault('GOBL-ORG-EMAIL-01', at(path, 'addr')));
  if (!isEmail(String(node.addr ?? ''))) faults.push(fault('GOBL-ORG-EMAIL-02', at(path, 'addr')));
  return faults;
}

export function validateTelephone(node: JsonObject, path: string): Fault[] {
  return isPresent(node.num) ? [] : [fault('GOBL-ORG-TELEPHONE-01', at(path, 'num'))];
}

export function validateWebsite(node: JsonObject, path: string): Fault[] {
  return isPresent(node.url) && isUrl(String(node.url)) ? [] : [fault('GOBL-ORG-WEBSITE-01', at(path, 'url'))];
}

export function validateEndpoint(node: JsonObject, path: string): Fault[] {
  return isPresent(node.uri) ? [] : [fault('GOBL-ORG-ENDPOINT-01', at(path, 'uri'))];
}

/** An inbox is reached by exactly one of code, URL or email. */
export function validateInbox(node: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  const code = isPresent(node.code);
  const url = isPresent(node.url);
  const email = isPresent(node.email);
  if (!code && !url && !email) faults.push(fault('GOBL-ORG-INBOX-01', path));
  if (url && (code || email)) faults.push(fault('GOBL-ORG-INBOX-02', path));
  if (email && (code || url)) faults.push(fault('GOBL-ORG-INBOX-03', path));
  if (url && !isUrl(String(node.url))) faults.push(fault('GOBL-ORG-INBOX-04', at(path, 'url')));
  if (email && !isEmail(String(node.email))) faults.push(fault('GOBL-ORG-INBOX-05', at(path, 'email')));
  return faults;
}

export function validatePerson(node: JsonObject, path: string): Fault[] {
  return node.name !== undefined && node.name !== null ? [] : [fault('GOBL-ORG-PERSON-01', at(path, 'name'))];
}

export function validateName(node: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  if (!isPresent(node.surname) && !isPresent(node.given)) {
    faults.push(fault('GOBL-ORG-NAME-01', at(path, 'given')));
    faults.push(fault('GOBL-ORG-NAME-02', at(path, 'surname')));
  }
  return faults;
}

const NOTE_KEYS = [
  'goods',
  'payment',
  'payment-method',
  'payment-term',
  'legal',
  'dangerous-goods',
  'ack',
  'rate',
  'reason',
  'dispute',
  'customer',
  'glossary',
  'customs',
  'general',
  'handling',
  'packaging',
  'loading',
  'price',
  'priority',
  'regulatory',
  'safety',
  'ship-line',
  'supplier',
  'transport',
  'delivery',
  'quarantine',
  'tax',
  'other',
];

export function validateNote(node: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  if (!isPresent(node.text)) faults.push(fault('GOBL-ORG-NOTE-01', at(path, 'text')));
  if (isPresent(node.key) && !NOTE_KEYS.includes(String(node.key))) faults.push(fault('GOBL-ORG-NOTE-02', at(path, 'key')));
  return faults;
}

const UNITS = new Set(
  (
    'mg cg g kg t mm cm dm m lm km in ft lft mm2 cm2 dm2 m2 ac ha mm3 cm3 dm3 m3 ml cl dl l kl w kw kwh rate yr mon wk ' +
    'day s h min piece item pair dozen assortment service job activity trip group outfit kit basebox pk one bag box bin ' +
    'can tub case tray portion set roll carton cylinder barrel jerrican carboy demijohn bottle 6pack canister pkg pkt ' +
    'bunch bdl blk tetrabrik pallet reel sack sheet envelope lot unit'
  ).split(' '),
);

/** A unit is one of GOBL's names or a two- or three-character UN/ECE code. */
export function unitValid(unit: string): boolean {
  return UNITS.has(unit) || /^[A-Z0-9]{2,3}$/.test(unit);
}

export function validateUnit(value: unknown, path: string): Fault[] {
  return typeof value === 'string' && value !== '' && !unitValid(value) ? [fault('GOBL-ORG-UNIT-01', path)] : [];
}

export function validateCoordinates(node: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  const lat = typeof node.lat === 'number' ? node.lat : undefined;
  const lon = typeof node.lon === 'number' ? node.lon : undefined;
  if (lat !== undefined && (lat < -90 || lat > 90)) faults.push(fault('GOBL-ORG-COORDINATES-01', at(path, 'lat')));
  if (lon !== undefined && (lon < -180 || lon > 180)) faults.push(fault('GOBL-ORG-COORDINATES-02', at(path, 'lon')));
  return faults;
}

export function validateImage(node: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  if (isPresent(node.url) && !isUrl(String(node.url))) faults.push(fault('GOBL-ORG-IMAGE-01', at(path, 'url')));
  for (const [field, code] of [
    ['height', 'GOBL-ORG-IMAGE-02'],
    ['width', 'GOBL-ORG-IMAGE-03'],
  ] as const) {
    const v = node[field];
    if (typeof v === 'number' && v !== 0 && (v < 64 || v > 2048)) faults.push(fault(code, at(path, field)));
  }
  return faults;
}

const ATTACHMENT_MIMES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
];

export function validateAttachment(node: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  if (!isPresent(node.url) || !isUrl(String(node.url))) faults.push(fault('GOBL-ORG-ATTACHMENT-01', at(path, 'url')));
  if (isPresent(node.mime) && !ATTACHMENT_MIMES.includes(String(node.mime))) {
    faults.push(fault('GOBL-ORG-ATTACHMENT-02', at(path, 'mime')));
  }
  return faults;
}

/** GOBL-ORG-DOCUMENTREF-*: a code, a real issue date when given, a valid URL when given. */
export function validateDocumentRef(node: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  if (!isPresent(node.code)) faults.push(fault('GOBL-ORG-DOCUMENTREF-01', at(path, 'code')));
  if (node.issue_date !== undefined && node.issue_date !== null && isZeroDate(node.issue_date)) {
    faults.push(fault('GOBL-ORG-DOCUMENTREF-02', at(path, 'issue_date')));
  }
  if (isPresent(node.url) && !isUrl(String(node.url))) faults.push(fault('GOBL-ORG-DOCUMENTREF-03', at(path, 'url')));
  return faults;
}

export function validateRegistration(node: JsonObject, path: string): Fault[] {
  return isPresent(node.currency) && !isCurrency(node.currency) ? [fault('GOBL-ORG-REGISTRATION-01', at(path, 'currency'))] : [];
}
