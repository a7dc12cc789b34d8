/**
 * The rules of France's CTC flow 6 messages (addon fr-ctc-flow6-v1): the faults of a status, a payment, a
 * reason, an action and a party, apart from the normalization that fills in their codes.
 */
import type { Fault, JsonObject } from '../../base/types';
import {
  FLOW6,
  FLOW6_ACTIONS,
  FLOW6_PAYMENT_CODES,
  FLOW6_PAYMENT_CONDITIONS,
  FLOW6_REASONS,
  FLOW6_ROLES,
  FLOW6_SCHEMES,
  FLOW6_STATUS_CODES,
  FLOW6_STATUS_CONDITIONS,
} from './flow6-def';
import { ISO_SCHEME_ID } from '../eu-en16931';
import { CODE_CHARS, identities, schemesUnique, sirenInboxCodeValid, siretSirenCoherent } from './parties';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { getExt } from '../../tax/extensions';
import { settledDocumentFaults } from './settled-documents';

const K = FLOW6;

const fs = faultMaker('GOBL-FR-CTC-FLOW6-BILL-STATUS');
const fp = faultMaker('GOBL-FR-CTC-FLOW6-BILL-PAYMENT');
const fr = faultMaker('GOBL-FR-CTC-FLOW6-BILL-REASON');
const fa = faultMaker('GOBL-FR-CTC-FLOW6-BILL-ACTION');
const fo = faultMaker('GOBL-FR-CTC-FLOW6-ORG-PARTY');

/** A party needs an inbox with a code unless it is a platform (WK) or the public portal (DFH). */
function inboxPresentWhenNeeded(party: JsonObject): boolean {
  if (['WK', 'DFH'].includes(getExt(party, K.role))) return true;
  return objects(party, 'inboxes').some((i) => str(i, 'code') !== '');
}

function hasIdentityScheme(party: JsonObject, schemes: string[]): boolean {
  return identities(party).some((id) => schemes.includes(getExt(id, ISO_SCHEME_ID)));
}

/** Reason codes about the invoice's amounts, taxes, parties and duplicates, which several process codes accept. */
const INVOICE_REASONS = [
  'TX_TVA_ERR',
  'MONTANTTOTAL_ERR',
  'CALCUL_ERR',
  'NON_CONFORME',
  'DOUBLON',
  'DEST_ERR',
  'TRANSAC_INC',
  'EMMET_INC',
  'CONTRAT_TERM',
  'DOUBLE_FACT',
  'CMD_ERR',
  'ADR_ERR',
];

/** Reason codes about routing, references and lines, which the refusal process codes (206, 207) accept. */
const ROUTING_AND_LINE_REASONS = [
  'SIRET_ERR',
  'CODE_ROUTAGE_ERR',
  'REF_CT_ABSENT',
  'REF_ERR',
  'PU_ERR',
  'REM_ERR',
  'QTE_ERR',
  'ART_ERR',
  'MODPAI_ERR',
  'QUALITE_ERR',
  'LIVR_INCOMP',
];

/** Reason codes each process code accepts (BR-FR-CDV-CL-09), with the fault code of the check. */
const REASONS_BY_PROCESS_CODE: Record<string, [string, string[]]> = {
  '200': ['17', ['NON_TRANSMISE']],
  '206': ['18', ['AUTRE', 'CMD_ERR', ...ROUTING_AND_LINE_REASONS]],
  '207': ['19', ['AUTRE', 'COORD_BANC_ERR', ...INVOICE_REASONS, ...ROUTING_AND_LINE_REASONS]],
  '208': ['20', ['JUSTIF_ABS', 'COORD_BANC_ERR', 'CMD_ERR', 'SIRET_ERR', 'CODE_ROUTAGE_ERR', 'REF_CT_ABSENT', 'REF_ERR']],
  '210': ['21', [...INVOICE_REASONS, 'REF_CT_ABSENT']],
  '213': [
    '22',
    [
      'MONTANTTOTAL_ERR',
      'CALCUL_ERR',
      'DOUBLON',
      'ADR_ERR',
      'REJ_SEMAN',
      'REJ_UNI',
      'REJ_COH',
      'REJ_ADR',
      'REJ_CONT_B2G',
      'REJ_REF_PJ',
      'REJ_ASS_PJ',
    ],
  ],
};

const LINE_KEYS = ['issued', 'acknowledged', 'processing', 'accepted', 'querying', 'rejected', 'error'];

/** True when the extension is absent or has one of the codes (GOBL's ExtensionsHasCodes). */
function extIn(node: JsonObject | undefined, key: string, codes: string[]): boolean {
  const v = getExt(node, key);
  return v === '' || codes.includes(v);
}

function statusPartyFaults(
  party: JsonObject | undefined,
  at: string,
  codes: string[],
  role: string,
  schemes: string[],
  out: Fault[],
): void {
  if (!party) {
    out.push(fs(codes[0], `a ${role} is needed`, at));
    return;
  }
  if (!inboxPresentWhenNeeded(party)) out.push(fs(codes[1], `the ${role} needs an inbox unless its role is WK or DFH (BR-FR-CDV-08)`, at));
  if (getExt(party, K.role) === '') out.push(fs(codes[2], `the ${role} needs '${K.role}'`, `${at}.ext`));
  if (!hasIdentityScheme(party, schemes))
    out.push(fs(codes[3], `the ${role} needs an identity with an accepted ISO 6523 scheme`, `${at}.identities`));
}

function statusLineFaults(line: JsonObject, at: string, out: Fault[]): void {
  const ref = obj(line, 'doc');
  if (!ref) out.push(fs('12', 'the line needs the document it is about (BR-FR-CDV-10)', `${at}.doc`));
  else {
    if (!present(ref, 'code')) out.push(fs('13', 'the document needs a code (BR-FR-CDV-10)', `${at}.doc.code`));
    if (!present(ref, 'issue_date')) out.push(fs('14', 'the document needs an issue date (BR-FR-CDV-11)', `${at}.doc.issue_date`));
  }
  const key = str(line, 'key');
  if (!LINE_KEYS.includes(key)) out.push(fs('15', 'the line key is not a flow 6 event', `${at}.key`));
  if (['rejected', 'querying', 'error'].includes(key) && !present(line, 'reasons')) {
    out.push(fs('16', 'a rejected, querying or error line needs reasons (BR-FR-CDV-14)', `${at}.reasons`));
  }
  const allowed = REASONS_BY_PROCESS_CODE[getExt(line, K.status)];
  if (allowed) {
    objects(line, 'reasons').forEach((r, j) => {
      if (!extIn(r, K.reason, allowed[1])) {
        out.push(
          fs(
            allowed[0],
            `the reason code does not suit process code ${getExt(line, K.status)} (BR-FR-CDV-CL-09)`,
            `${at}.reasons[${j}].ext`,
          ),
        );
      }
    });
  }
}

export function validateFlow6Status(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const type = str(doc, 'type');
  if (!['response', 'update'].includes(type)) out.push(fs('01', 'the status type must be response or update', `${path}.type`));
  if (!extIn(doc, K.status, FLOW6_STATUS_CODES))
    out.push(fs('02', 'the process code is not one for a status; 211 and 212 are for payments', `${path}.ext`));
  statusPartyFaults(obj(doc, 'supplier'), `${path}.supplier`, ['03', '04', '05', '06'], 'supplier', ['0002'], out);
  statusPartyFaults(obj(doc, 'customer'), `${path}.customer`, ['07', '08', '09', '10'], 'customer', FLOW6_SCHEMES, out);
  const lines = Array.isArray(doc.lines) ? doc.lines : [];
  if (lines.length !== 1) out.push(fs('11', 'a status takes exactly one line', `${path}.lines`));
  objects(doc, 'lines').forEach((line, i) => {
    const at = `${path}.lines[${i}]`;
    statusLineFaults(line, at, out);
    const key = str(line, 'key');
    if (type === 'response' && !LINE_KEYS.slice(1).includes(key))
      out.push(fs('23', "the line key does not suit a 'response' status", `${at}.key`));
    if (type === 'update' && key !== 'issued') out.push(fs('24', "the line key does not suit an 'update' status", `${at}.key`));
  });
  return out;
}

function paymentPartyFaults(party: JsonObject | undefined, at: string, codes: string[], role: string, out: Fault[]): void {
  if (!party) {
    out.push(fp(codes[0], `a ${role} is needed`, at));
    return;
  }
  if (!hasIdentityScheme(party, ['0002'])) out.push(fp(codes[1], `the ${role} needs a SIREN identity, scheme 0002`, `${at}.identities`));
  identities(party).forEach((id, i) => {
    if (!extIn(id, ISO_SCHEME_ID, FLOW6_SCHEMES))
      out.push(fp(codes[2], `the ${role} identity scheme is not one flow 6 accepts`, `${at}.identities[${i}].ext`));
  });
}

export function validateFlow6Payment(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const type = str(doc, 'type');
  if (!['advice', 'receipt'].includes(type)) out.push(fp('01', "the payment type must be 'advice' or 'receipt'", `${path}.type`));
  paymentPartyFaults(obj(doc, 'supplier'), `${path}.supplier`, ['02', '03', '04'], 'supplier', out);
  paymentPartyFaults(obj(doc, 'customer'), `${path}.customer`, ['05', '06', '07'], 'customer', out);
  identities(obj(doc, 'payee') ?? {}).forEach((id, i) => {
    if (!extIn(id, ISO_SCHEME_ID, FLOW6_SCHEMES))
      out.push(fp('08', 'the payee identity scheme is not one flow 6 accepts', `${path}.payee.identities[${i}].ext`));
  });
  const lines = Array.isArray(doc.lines) ? doc.lines : [];
  if (lines.length !== 1) out.push(fp('09', 'a payment message takes exactly one line', `${path}.lines`));
  out.push(
    ...settledDocumentFaults(doc, path, {
      document: fp.bind(null, '10', 'the line needs the document it settles (BR-FR-CDV-10)'),
      code: fp.bind(null, '11', 'the document needs a code (BR-FR-CDV-10)'),
      issueDate: fp.bind(null, '12', 'the document needs an issue date (BR-FR-CDV-11)'),
    }),
  );
  const ext = `${path}.ext`;
  if (!extIn(doc, K.status, FLOW6_PAYMENT_CODES)) out.push(fp('13', 'the process code of a payment must be 211 or 212', ext));
  if (!extIn(doc, K.condition, FLOW6_PAYMENT_CONDITIONS))
    out.push(fp('14', 'the characteristic of a payment must be MEN, MPA or RAP', ext));
  if (type === 'advice' && !extIn(doc, K.status, ['211'])) out.push(fp('15', 'an advice takes process code 211', ext));
  if (type === 'receipt' && !extIn(doc, K.status, ['212'])) out.push(fp('16', 'a receipt takes process code 212', ext));
  return out;
}

export function validateFlow6Reason(reason: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!extIn(reason, K.reason, FLOW6_REASONS)) out.push(fr('01', 'the reason code is not a known CDAR code', `${path}.ext`));
  if (!extIn(reason, K.condition, FLOW6_STATUS_CONDITIONS)) {
    out.push(fr('02', 'the characteristic is not one for a status; MEN, MPA and RAP are for payments', `${path}.ext`));
  }
  return out;
}

export function validateFlow6Party(party: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!extIn(party, K.role, FLOW6_ROLES)) out.push(fo('01', 'the party role is not a known flow 6 role', `${path}.ext`));
  if (!siretSirenCoherent(party)) out.push(fo('02', 'the SIRET must start with the SIREN (BR-FR-09/10)', `${path}.identities`));
  if (!schemesUnique(party)) out.push(fo('03', 'no two identities may share an ISO scheme (BR-FR-CO-10)', `${path}.identities`));
  identities(party).forEach((id, i) => {
    const at = `${path}.identities[${i}]`;
    const scheme = getExt(id, ISO_SCHEME_ID);
    if (scheme === '') out.push(fo('04', `'${ISO_SCHEME_ID}' is needed (BR-FR-CO-10)`, `${at}.ext`));
    else if (!FLOW6_SCHEMES.includes(scheme))
      out.push(fo('05', 'the identity scheme is not one flow 6 accepts (BR-FR-CO-10)', `${at}.ext`));
    if (scheme === '0224') {
      const code = str(id, 'code');
      if (Buffer.byteLength(code) > 100) out.push(fo('06', 'a private identifier takes at most 100 characters (BR-FR-26)', `${at}.code`));
      if (code !== '' && !CODE_CHARS.test(code)) {
        out.push(fo('07', 'a private identifier takes only letters, digits and +-_/ (BR-FR-24)', `${at}.code`));
      }
    }
  });
  objects(party, 'inboxes').forEach((inbox, i) => {
    if (!sirenInboxCodeValid(inbox)) out.push(fo('08', 'the inbox code is not valid', `${path}.inboxes[${i}]`));
  });
  return out;
}

export function validateFlow6Action(action: JsonObject, path: string): Fault[] {
  return extIn(action, K.action, FLOW6_ACTIONS) ? [] : [fa('01', 'the action code is not a known CDAR code', `${path}.ext`)];
}
