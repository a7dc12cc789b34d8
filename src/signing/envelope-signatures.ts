import { createHash } from 'node:crypto';
import type { Envelope, Fault } from '../document';
import { signingFaults } from '../document/head/sign-ready';
import type { SignatureCheck, SignatureVerdict } from './signature-verdict';
import type { SignatureProblems, SigningFault } from './signing-fault';
import type { SigningKeys } from './signing-keys';

/** What a signature states, as GOBL signs it: the envelope's uuid and digest, and when it was made. */
interface SigningPayload {
  uuid: string;
  dig: { alg: string; val: string };
  iat?: number;
}

/**
 * The protected header member that binds a service signature to its workspace: the SHA-256 (base64url)
 * of the workspace id, so a document shown to others does not disclose the id. A private header
 * parameter, not marked critical, so that any JOSE library still verifies the signature.
 */
export const WORKSPACE_HEADER = 'workspace#S256';

/** Most signatures an uploaded envelope may carry: each costs a signature check, and GOBL documents carry one or two. */
export const MAX_SIGNATURES = 64;

/** Longest key id an entry's signature verdict keeps (longer ones are cut): GOBL's are UUIDs, 36 characters. */
const MAX_KID_SHOWN = 128;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The value of WORKSPACE_HEADER for `workspaceId`; hashed as JSON text, so ids that differ only in lone surrogates stay apart. */
export const workspaceDigest = (workspaceId: string) => createHash('sha256').update(JSON.stringify(workspaceId)).digest('base64url');

/**
 * Signs the envelope as GOBL does: a compact ES256 JWS whose protected header names the key (`kid`) and
 * whose payload is the header's uuid and digest with the signing time (`iat`, Unix seconds). The header
 * also names the workspace (WORKSPACE_HEADER), so the signature cannot be passed off in another one. The
 * signature is appended to `sigs`. A document with faults, or not ready to be signed, is not signed whatever
 * `allow_invalid` says: the fault is returned instead (undefined once signed).
 */
export function signEnvelope(
  envelope: Envelope,
  faults: Fault[],
  keys: SigningKeys,
  ctx: { workspaceId: string; now: Date },
): SigningFault | undefined {
  const problems = addNew(faults, signingFaults(envelope));
  if (problems.length > 0) return { kind: 'not-ready', faults: problems };
  const payload: SigningPayload = {
    uuid: envelope.head.uuid,
    dig: { alg: envelope.head.dig.alg, val: envelope.head.dig.val },
    iat: Math.floor(ctx.now.getTime() / 1000),
  };
  const input = `${encode({ alg: 'ES256', kid: keys.kid, [WORKSPACE_HEADER]: workspaceDigest(ctx.workspaceId) })}.${encode(payload)}`;
  const signature = keys.sign(Buffer.from(input)).toString('base64url');
  envelope.sigs = [...(envelope.sigs ?? []), `${input}.${signature}`];
  return undefined;
}

/**
 * Checks the signatures an uploaded envelope carries, so that an entry is signed only when every
 * signature is genuine. Each must name (`kid`) a key the service trusts, its own or one configured in
 * SIGNING_TRUSTED_KEYS, and verify with it; one made with a service key must have been made for
 * `workspaceId`; and each must state this envelope's uuid and digest (else the document was changed
 * after signing). Returns the fault naming every signature at fault, or undefined. (The GOBL tools and derived
 * entries check this way; an envelope received as it came is checked by `checkReceivedSignatures`.)
 */
export function verifyEnvelopeSignatures(envelope: Envelope, keys: SigningKeys | undefined, workspaceId: string): SigningFault | undefined {
  const exams = examineAll(envelope, keys, workspaceId);
  if ('kind' in exams) return exams;
  return refusalOf(exams, (exam) => {
    if (exam.broken || !exam.check.verified) return exam.check.problem ?? exam.contentProblem;
    if (exam.check.by === 'service') return 'was made by this service for another workspace';
    return exam.contentProblem;
  });
}

/**
 * Checks the signatures of an envelope received as it came (signed elsewhere) and says what was verified:
 * each signature that verifies with a key of the service (`workspace` when made for `workspaceId`, else
 * `service`) or of SIGNING_TRUSTED_KEYS, or that names a key the service does not know (`unknown`, not
 * verified). A signature that is not a compact JWS, that names a known key but does not verify (forged),
 * or whose statement is of another uuid or digest (the envelope was changed) is refused: the fault naming each.
 */
export function checkReceivedSignatures(
  envelope: Envelope,
  keys: SigningKeys | undefined,
  workspaceId: string,
): { verdict: SignatureVerdict } | { fault: SigningFault } {
  const exams = examineAll(envelope, keys, workspaceId);
  if ('kind' in exams) return { fault: exams };
  const fault = refusalOf(exams, (exam) => (exam.broken ? (exam.contentProblem ?? exam.check.problem) : undefined));
  return fault ? { fault } : { verdict: verdictOf(exams) };
}

/** What was verified of the signatures of an envelope the service accepted (signed here, say), or why not. */
export function signatureVerdict(
  envelope: Envelope,
  keys: SigningKeys | undefined,
  workspaceId: string,
): { verdict: SignatureVerdict } | { fault: SigningFault } {
  const exams = examineAll(envelope, keys, workspaceId);
  return 'kind' in exams ? { fault: exams } : { verdict: verdictOf(exams) };
}

const verdictOf = (exams: SignatureExam[]): SignatureVerdict => ({
  verified: exams.every((exam) => exam.check.verified),
  sigs: exams.map((exam) => exam.check),
});

/** One signature examined: what it is, whether it is beyond acceptance (`broken`), and a mismatch of its statement. */
interface SignatureExam {
  check: SignatureCheck;
  broken: boolean;
  /** Set when its statement names another uuid or digest than the envelope's. */
  contentProblem?: string;
}

/** Each signature examined; too many of them are not examined at all. */
function examineAll(envelope: Envelope, keys: SigningKeys | undefined, workspaceId: string): SignatureExam[] | SigningFault {
  const sigs: unknown[] = Array.isArray(envelope.sigs) ? envelope.sigs : [];
  if (sigs.length > MAX_SIGNATURES) return { kind: 'too-many', count: sigs.length, max: MAX_SIGNATURES };
  return sigs.map((sig) => examineSignature(sig, envelope, keys, workspaceId));
}

/** The refusal of the signatures that have a problem, by their index in `sigs`; undefined when none has. */
function refusalOf(exams: SignatureExam[], problemOf: (exam: SignatureExam) => string | undefined): SigningFault | undefined {
  const problems: SignatureProblems = {};
  exams.forEach((exam, index) => {
    const problem = problemOf(exam);
    if (problem) problems[String(index)] = problem;
  });
  return Object.keys(problems).length === 0 ? undefined : { kind: 'refused', problems };
}

/**
 * `faults` plus those of a signed envelope whose document is not ready to be signed (GOBL's rule 13),
 * unless the engine reported them already.
 */
export function withSigningFaults(envelope: Envelope, faults: Fault[]): Fault[] {
  const signed = Array.isArray(envelope.sigs) && envelope.sigs.length > 0;
  return signed ? addNew(faults, signingFaults(envelope)) : faults;
}

const addNew = (faults: Fault[], more: Fault[]) => [
  ...faults,
  ...more.filter((m) => !faults.some((f) => f.code === m.code && f.paths.join() === m.paths.join())),
];

function examineSignature(sig: unknown, envelope: Envelope, keys: SigningKeys | undefined, workspaceId: string): SignatureExam {
  const refused = (problem: string, kid?: string): SignatureExam => ({
    check: { kid, by: 'unknown', verified: false, problem },
    broken: true,
  });
  const parts = typeof sig === 'string' ? sig.split('.') : [];
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) return refused('must be a JSON web signature in compact form');
  const header = decode(parts[0]);
  const payload = decode(parts[1]);
  const kid = typeof header?.kid === 'string' && header.kid !== '' ? header.kid : undefined;
  const owner = kid === undefined ? undefined : keys?.owner(kid);
  // The kid as the entry keeps and shows it (and lists read it): a client's text, so bounded.
  const shown = kid !== undefined && kid.length > MAX_KID_SHOWN ? `${kid.slice(0, MAX_KID_SHOWN)}…` : kid;
  if (!isPayload(payload)) return refused('the signed payload must hold the envelope uuid and digest', shown);
  const contentProblem = statementProblem(payload, envelope);
  // A signature the service cannot check: kept as not verified, unless it claims one of the keys the service
  // knows (then it is forged) or its statement is not of this envelope.
  const unverified = (problem: string): SignatureExam => ({
    check: { kid: shown, by: 'unknown', verified: false, problem },
    broken: owner !== undefined || contentProblem !== undefined,
    contentProblem,
  });
  if (header?.alg !== 'ES256') return unverified('only ES256 signatures are accepted');
  if (header.crit !== undefined) return unverified('names critical header parameters (crit) that the service does not understand');
  if (kid === undefined) return unverified('names no key (kid), so it cannot be verified');
  if (!owner) return unverified(`was made with a key the service does not know or trust (kid ${JSON.stringify(shown)})`);
  if (!keys!.verify(kid, Buffer.from(`${parts[0]}.${parts[1]}`), Buffer.from(parts[2], 'base64url'))) {
    return {
      check: { kid: shown, by: owner, verified: false, problem: `does not verify with the key ${JSON.stringify(shown)}` },
      broken: true,
      contentProblem,
    };
  }
  const by = owner === 'service' && header[WORKSPACE_HEADER] === workspaceDigest(workspaceId) ? 'workspace' : owner;
  return { check: { kid: shown, by, verified: true }, broken: contentProblem !== undefined, contentProblem };
}

/** Why a signature's statement is not of this envelope: another uuid, or another digest (the document changed). */
function statementProblem(payload: SigningPayload, envelope: Envelope): string | undefined {
  const head = envelope.head as Partial<Envelope['head']> | undefined;
  const dig = head?.dig as Record<string, unknown> | undefined;
  if (typeof head?.uuid !== 'string' || payload.uuid.toLowerCase() !== head.uuid.toLowerCase())
    return 'was made for another envelope (its uuid differs)';
  if (payload.dig.alg !== dig?.alg || payload.dig.val !== dig?.val)
    return 'no longer matches: the document was changed after it was signed';
  return undefined;
}

function decode(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function isPayload(value: Record<string, unknown> | undefined): value is Record<string, unknown> & SigningPayload {
  if (!value || typeof value.uuid !== 'string') return false;
  const dig = value.dig as Record<string, unknown> | undefined;
  return typeof dig === 'object' && dig !== null && typeof dig.alg === 'string' && typeof dig.val === 'string';
}
