import type { Envelope, Fault } from '../../document';
import * as signatures from '../../signing/envelope-signatures';
import type { SigningFault } from '../../signing/signing-fault';
import type { SigningKeys } from '../../signing/signing-keys';
import type { SignatureVerdict } from '../entries/model/entry';
import { DomainError } from '../shared/errors';
import { faultSummary, validationError } from './faults';

export { withSigningFaults } from '../../signing/envelope-signatures';

/** The client's 422 for a signing fault: what signing refused, said as the contract says it. */
export function signingError(fault: SigningFault): DomainError {
  switch (fault.kind) {
    case 'not-ready':
      return new DomainError(
        'validation',
        `the document cannot be signed: ${faultSummary(fault.faults)}`,
        validationError(fault.faults).details,
      );
    case 'too-many': {
      const problem = `an envelope may carry at most ${fault.max} signatures, this one has ${fault.count}`;
      return new DomainError('validation', `sigs: ${problem}`, { fields: { data: { sigs: problem } } });
    }
    case 'refused': {
      const message = Object.keys(fault.problems)
        .map((i) => `sigs[${i}]: ${fault.problems[i]}`)
        .join('; ');
      return new DomainError('validation', message, { fields: { data: { sigs: fault.problems } } });
    }
  }
}

const refuse = (fault: SigningFault | undefined): void => {
  if (fault) throw signingError(fault);
};

const verdictOrRefuse = (outcome: { verdict: SignatureVerdict } | { fault: SigningFault }): SignatureVerdict => {
  if ('fault' in outcome) throw signingError(outcome.fault);
  return outcome.verdict;
};

/** Signs the envelope (see signing/envelope-signatures.ts); a document that cannot be signed is a 422. */
export const signEnvelope = (envelope: Envelope, faults: Fault[], keys: SigningKeys, ctx: { workspaceId: string; now: Date }): void =>
  refuse(signatures.signEnvelope(envelope, faults, keys, ctx));

/** Checks every signature the envelope carries; one not genuine is a 422 naming each at fault. */
export const verifyEnvelopeSignatures = (envelope: Envelope, keys: SigningKeys | undefined, workspaceId: string): void =>
  refuse(signatures.verifyEnvelopeSignatures(envelope, keys, workspaceId));

/** What was verified of the signatures of an envelope received as it came; forged or changed ones are a 422. */
export const checkReceivedSignatures = (envelope: Envelope, keys: SigningKeys | undefined, workspaceId: string): SignatureVerdict =>
  verdictOrRefuse(signatures.checkReceivedSignatures(envelope, keys, workspaceId));

/** What was verified of the signatures of an envelope the service accepted. */
export const signatureVerdict = (envelope: Envelope, keys: SigningKeys | undefined, workspaceId: string): SignatureVerdict =>
  verdictOrRefuse(signatures.signatureVerdict(envelope, keys, workspaceId));
