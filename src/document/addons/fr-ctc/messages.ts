import { hooksByKind } from '../../tax/hooks';
import type { JsonObject } from '../../base/types';
import { FLOW6, FR_CTC_FLOW6_V1 } from './flow6-def';
import { identities, normalizeCtcIdentity, normalizeSirenInbox } from './parties';
import { validateFlow6Action, validateFlow6Party, validateFlow6Payment, validateFlow6Reason, validateFlow6Status } from './flow6-rules';
import type { Addon } from '../../tax/addon-def';
import { obj, objects, str } from '../../rules/values';
import { deleteExt, getExt, setExt, setExtIfEmpty, setExtOneOf } from '../../tax/extensions';

/**
 * France's CTC flow 6 (module gobl.fr.ctc v0.0.3, addon fr-ctc-flow6-v1): the "cycle de vie" lifecycle
 * messages, as bill/status documents, and payment messages, as bill/payment documents, with their CDAR codes:
 * their normalization and the addon (their rules are in flow6-rules.ts).
 */

const K = FLOW6;

/* ---------- status messages ---------- */

/** A process code given on a line fixes the status type and the line key. */
const BY_PROCESS_CODE: Record<string, [string, string]> = {
  '200': ['update', 'issued'],
  '201': ['response', 'issued'],
  '202': ['response', 'acknowledged'],
  '204': ['response', 'processing'],
  '205': ['response', 'accepted'],
  '206': ['response', 'rejected'],
  '207': ['response', 'rejected'],
  '210': ['response', 'rejected'],
  '208': ['response', 'querying'],
  '213': ['response', 'error'],
};

const RESPONSE_CODES: Record<string, string> = {
  issued: '201',
  acknowledged: '202',
  processing: '204',
  accepted: '205',
  querying: '208',
};

function prepareLine(status: JsonObject, line: JsonObject): void {
  const code = getExt(line, K.status);
  if (code !== '') {
    const pair = BY_PROCESS_CODE[code];
    if (pair) [status.type, line.key] = pair;
    return;
  }
  if (str(status, 'type') !== '') return;
  const key = str(line, 'key');
  if (key === 'issued') status.type = 'update';
  else if (['acknowledged', 'processing', 'accepted', 'querying', 'rejected', 'error'].includes(key)) status.type = 'response';
}

function normalizeStatusLine(status: JsonObject, line: JsonObject): void {
  prepareLine(status, line);
  const key = str(line, 'key');
  switch (str(status, 'type')) {
    case 'update':
    case 'system':
      if (key === 'issued') setExt(line, K.status, '200');
      else deleteExt(line, K.status);
      break;
    case 'response':
      if (RESPONSE_CODES[key]) setExt(line, K.status, RESPONSE_CODES[key]);
      else if (key === 'rejected') setExtOneOf(line, K.status, '210', ['207', '206']);
      else deleteExt(line, K.status);
      break;
    default:
  }
}

export function normalizeFlow6Status(doc: JsonObject): void {
  const supplier = obj(doc, 'supplier');
  if (supplier) setExtIfEmpty(supplier, K.role, 'SE');
  const customer = obj(doc, 'customer');
  if (customer) setExtIfEmpty(customer, K.role, 'BY');
  for (const line of objects(doc, 'lines')) normalizeStatusLine(doc, line);
}

/** Reason key → the reason codes it may carry (the first is the default), and the default characteristic. */
const REASONS_BY_KEY: Record<string, [string[], string]> = {
  'finance-terms': [['COORD_BANC_ERR'], 'CBB'],
  other: [['AUTRE'], 'DIV'],
  legal: [
    [
      'NON_CONFORME',
      'TX_TVA_ERR',
      'REJ_SEMAN',
      'REJ_COH',
      'REJ_CONT_B2G',
      'IRR_VIDE_F',
      'IRR_TYPE_F',
      'IRR_SYNTAX',
      'IRR_TAILLE_PJ',
      'IRR_NOM_PJ',
      'IRR_VID_PJ',
      'IRR_EXT_DOC',
      'IRR_TAILLE_F',
      'IRR_ANTIVIRUS',
    ],
    'DIV',
  ],
  'not-recognized': [['DOUBLON', 'TRANSAC_INC', 'EMMET_INC', 'CONTRAT_TERM', 'DOUBLE_FACT', 'REJ_UNI'], 'DIV'],
  'unknown-receiver': [['DEST_INC', 'NON_TRANSMISE', 'ROUTAGE_ERR'], 'DIV'],
  references: [
    [
      'CMD_ERR',
      'JUSTIF_ABS',
      'DEST_ERR',
      'ADR_ERR',
      'SIRET_ERR',
      'CODE_ROUTAGE_ERR',
      'REF_CT_ABSENT',
      'REF_ERR',
      'REJ_ADR',
      'REJ_REF_PJ',
      'REJ_ASS_PJ',
    ],
    'DIV',
  ],
  prices: [['PU_ERR', 'MONTANTTOTAL_ERR', 'CALCUL_ERR', 'REM_ERR'], 'DIV'],
  quantity: [['QTE_ERR'], 'DIV'],
  items: [['ART_ERR'], 'DIV'],
  'payment-terms': [['MODPAI_ERR'], 'DIV'],
  quality: [['QUALITE_ERR'], 'DIV'],
  delivery: [['LIVR_INCOMP'], 'DIV'],
};

export function normalizeFlow6Reason(reason: JsonObject): void {
  if (str(reason, 'key') === '') {
    const code = getExt(reason, K.reason);
    const key = Object.keys(REASONS_BY_KEY).find((k) => REASONS_BY_KEY[k][0].includes(code));
    if (key) reason.key = key;
  }
  const entry = REASONS_BY_KEY[str(reason, 'key')];
  if (!entry) return;
  const [codes, condition] = entry;
  setExtOneOf(reason, K.reason, codes[0], codes.slice(1));
  // Finance terms may also carry DIV, DVA or MAJ; the others keep any of the three field-level codes.
  const keep = condition === 'CBB' ? ['DIV', 'DVA', 'MAJ'] : ['DVA', 'MAJ'];
  setExtOneOf(reason, K.condition, condition, keep);
}

const ACTIONS_BY_KEY: Record<string, string> = {
  none: 'NOA',
  provide: 'PIN',
  reissue: 'NIN',
  'credit-full': 'CNF',
  'credit-partial': 'CNP',
  'credit-amount': 'CNA',
  other: 'OTH',
};

export function normalizeFlow6Action(action: JsonObject): void {
  if (str(action, 'key') === '') {
    const code = getExt(action, K.action);
    const key = Object.keys(ACTIONS_BY_KEY).find((k) => ACTIONS_BY_KEY[k] === code);
    if (key) action.key = key;
  }
  const code = ACTIONS_BY_KEY[str(action, 'key')];
  if (code) setExt(action, K.action, code);
}

/* ---------- payment messages ---------- */

export function normalizeFlow6Payment(doc: JsonObject): void {
  const type = str(doc, 'type');
  if (type !== 'advice' && type !== 'receipt') return;
  const advice = type === 'advice';
  setExt(doc, K.status, advice ? '211' : '212');
  const supplier = obj(doc, 'supplier');
  const customer = obj(doc, 'customer');
  if (customer) setExtIfEmpty(customer, K.role, advice ? 'SE' : 'BY');
  if (supplier) setExtIfEmpty(supplier, K.role, advice ? 'BY' : 'SE');
  if (advice) setExtOneOf(doc, K.condition, 'MPA', ['MEN', 'RAP']);
  else setExtOneOf(doc, K.condition, 'MEN', ['MPA', 'RAP']);
}

/* ---------- parties ---------- */

export function normalizeFlow6Party(party: JsonObject): void {
  for (const id of identities(party)) normalizeCtcIdentity(id, true);
  normalizeSirenInbox(party);
}

export const frCtcFlow6: Addon = {
  def: FR_CTC_FLOW6_V1,
  ...hooksByKind({
    normalize: {
      'bill/status': normalizeFlow6Status,
      'bill/payment': normalizeFlow6Payment,
      'bill/reason': normalizeFlow6Reason,
      'bill/action': normalizeFlow6Action,
      'org/party': normalizeFlow6Party,
      'org/identity': (node) => normalizeCtcIdentity(node, true),
    },
    validate: {
      'bill/status': validateFlow6Status,
      'bill/payment': validateFlow6Payment,
      'bill/reason': validateFlow6Reason,
      'bill/action': validateFlow6Action,
      'org/party': validateFlow6Party,
    },
  }),
};
