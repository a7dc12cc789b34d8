import { DEFAULT_PAGE_DATA_BUDGET } from '../../domain/runtime';
import { DEFAULT_ENTRY_LIMITS, MAX_INDEXED_TERMS } from '../../domain/entries/model/entry-limits';
import { integer, size } from './setting-kinds';
import { formatSize } from './units';

export const BODY_LIMIT = size({
  name: 'BODY_LIMIT',
  description:
    'largest request body; a body sent with `Content-Encoding: gzip`, `deflate` or `br` is inflated, and the limit counts the ' +
    'inflated bytes (another encoding is 415)',
  default: 2 * 1024 ** 2,
});

export const PAGE_DATA_BUDGET = size({
  name: 'PAGE_DATA_BUDGET',
  description:
    "stored bytes of entries' `data` one request may show, weighed before any is read: a GraphQL page that selects `data` ends " +
    'early (`hasNextPage: true`, an `endCursor` that continues); aliased pages and single entries share it, and an entry over ' +
    "what is left gets a `payload-too-large` error for its `data`. A request's first entry is always served. REST lists carry " +
    "no `data`. Entries' files (`attachments`, their `meta` included) and meta rows count too, as the bytes of their stored " +
    'JSON, measured before any is read, with no first-entry exception: a REST list or related page ends before the first entry ' +
    'whose files and meta do not fit (`next_cursor` continues there), and a single entry, search page or page whose first entry ' +
    'does not fit is 413 `payload-too-large`; in GraphQL each `attachments` or `meta` field shown pays for itself, and one over ' +
    'what is left gets a `payload-too-large` error',
  default: DEFAULT_PAGE_DATA_BUDGET,
});

export const JSON_PATCH_MAX_WORK = size({
  name: 'JSON_PATCH_MAX_WORK',
  description:
    'most bytes of JSON the operations of one JSON patch (`previous_id` with `application/json-patch+json`) may write, copy, ' +
    'compare or overwrite, summed over its operations; past it the patch is 422 `patch`, too large for the document',
  default: 16 * 1024 ** 2,
});

export const ENTRY_META_LIMIT = integer({
  name: 'ENTRY_META_LIMIT',
  description: 'most meta rows one entry may have; a new row past it is 422 `validation` naming the limit, and nothing is stored',
  default: DEFAULT_ENTRY_LIMITS.metaRows,
});

export const ENTRY_SEARCH_TERMS_LIMIT = integer({
  name: 'ENTRY_SEARCH_TERMS_LIMIT',
  description:
    "most search terms an entry's `indexed` meta rows may take it to (its own fields count, and are always indexed); an indexed " +
    'row past it is 422 `validation` naming the limit. One 64 KiB row of distinct words is about 7,000 terms',
  default: DEFAULT_ENTRY_LIMITS.searchTerms,
  max: MAX_INDEXED_TERMS,
});

export const ENTRY_REFS_LIMIT = integer({
  name: 'ENTRY_REFS_LIMIT',
  description:
    'most UUIDs one stored document may name (`preceding`, `lines[].document`, its own `uuid`); a create or update naming more ' +
    'is 422 `validation` naming the limit, and nothing is stored',
  default: DEFAULT_ENTRY_LIMITS.refs,
});

export const ENTRY_PARTS_LIMIT = size({
  name: 'ENTRY_PARTS_LIMIT',
  description:
    "most bytes an entry's files and meta rows may weigh together, as its answers show them (every text of a file's row, its " +
    '`meta` included, and of a meta row, its `value` included, plus a few hundred bytes a row); a file or meta row that takes ' +
    'the entry past it is 413 `payload-too-large` and stores nothing, a write that makes the entry lighter is always taken. At ' +
    "most `PAGE_DATA_BUDGET`, so that an entry always fits one request's budget and can be read",
  // Unset, it is never over the budget.
  default: (get) => Math.min(DEFAULT_ENTRY_LIMITS.parts, get(PAGE_DATA_BUDGET)),
  defaultText: `\`${formatSize(DEFAULT_ENTRY_LIMITS.parts)}\`, or \`PAGE_DATA_BUDGET\` when smaller`,
  check: (parts, get) => {
    const budget = get(PAGE_DATA_BUDGET);
    return parts > budget
      ? `ENTRY_PARTS_LIMIT (${parts} bytes) must be at most PAGE_DATA_BUDGET (${budget} bytes): an entry must fit one request's budget to be read`
      : undefined;
  },
});

export const ENTRY_SETTINGS = [
  BODY_LIMIT,
  PAGE_DATA_BUDGET,
  JSON_PATCH_MAX_WORK,
  ENTRY_META_LIMIT,
  ENTRY_SEARCH_TERMS_LIMIT,
  ENTRY_REFS_LIMIT,
  ENTRY_PARTS_LIMIT,
];
