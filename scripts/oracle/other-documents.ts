/** The documents that are not bills: parties, items, messages and tax identities. */
import type { Regime } from '../../src/document/tax/regime-def';
import type { JsonObject } from '../../src/document/base/types';
import type { Random } from './random';
import { SCHEMA } from './bills';
import { price } from './lines';
import { party, taxId } from './parties';

export function partyDocument(rng: Random, regime: Regime, uuid: string, badTaxId = false): JsonObject {
  const doc: JsonObject = { $schema: `${SCHEMA}org/party`, uuid, ...party(rng, { country: regime.country, badTaxId }) };
  if (rng.chance(0.3)) doc.$regime = regime.country;
  return doc;
}

export function itemDocument(rng: Random, regime: Regime, uuid: string): JsonObject {
  const doc: JsonObject = { $schema: `${SCHEMA}org/item`, uuid, name: rng.pick(['Widget', 'Service hour', 'Licence']), price: price(rng) };
  if (rng.chance(0.4)) doc.currency = regime.currency;
  if (rng.chance(0.3)) doc.unit = rng.pick(['h', 'item', 'kg']);
  if (rng.chance(0.2)) doc.identities = [{ type: 'SKU', code: rng.chars('ABC0123456789', 8) }];
  return doc;
}

export function messageDocument(rng: Random, uuid: string): JsonObject {
  const doc: JsonObject = {
    $schema: `${SCHEMA}note/message`,
    uuid,
    content: rng.pick(['Hello.', 'We hope you like this test message!', 'Línea uno\nLínea dos']),
  };
  if (rng.chance(0.7)) doc.title = rng.pick(['Test message', 'Reminder', 'Aviso']);
  if (rng.chance(0.2)) doc.meta = { source: 'generator' };
  return doc;
}

export function identityDocument(rng: Random, regime: Regime, badCode = false): JsonObject {
  return { $schema: `${SCHEMA}tax/identity`, ...taxId(rng, regime.country, badCode) };
}
