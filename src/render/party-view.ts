import type { JsonObject } from '../document/base/types';
import { stringAt } from './json-read';
import { listingSections } from './listing-view';
import { partyBlock } from './party-block';
import type { TextFormat } from './text-format';
import type { DocumentView } from './view-model';

const PARTY_FIELDS_SHOWN = [
  '$schema',
  '$regime',
  '$addons',
  'uuid',
  'name',
  'alias',
  'tax_id',
  'identities',
  'addresses',
  'emails',
  'telephones',
  'websites',
];

/** A party document: its own block, then whatever else it holds (people, inboxes, bank accounts...). */
export function partyDocumentView(doc: JsonObject, format: TextFormat): DocumentView {
  const block = partyBlock('Party', doc);
  return {
    title: block.name,
    kind: 'org/party',
    facts: [
      stringAt(doc.alias) ? { label: 'Alias', value: doc.alias as string } : undefined,
      stringAt(doc.uuid) ? { label: 'UUID', value: doc.uuid as string } : undefined,
    ].filter((f) => f !== undefined),
    parties: [block],
    tables: [],
    totals: [],
    sections: listingSections(doc, PARTY_FIELDS_SHOWN, format),
  };
}
