import {
  MissingRules,
  NotAnEinvoice,
  validateEinvoice,
  type ValidationArtefacts,
  type ValidationReport,
} from '../../formats/validation/einvoice-validation';
import { DomainError } from '../shared/errors';
import { receivedXmlOf } from './read-job';

/** A received e-invoice to validate by the official artefacts (`POST /silo/v1/formats/validate`), as the engine takes it. */
export type ValidateJob = { workspaceId: string; artefacts: ValidationArtefacts } & ({ xml: string } | { pdf: Uint8Array });

/**
 * The validation report (of the XML a Factur-X PDF carries, for a PDF); broken XML or a DTD is 400, a well-formed
 * document that is no e-invoice 422. `loaded` is called once the artefacts it needs are read (see validateEinvoice).
 */
export async function runValidateJob(job: ValidateJob, options: { loaded?: () => void } = {}): Promise<ValidationReport> {
  const { xml, embedded } = await receivedXmlOf(job);
  try {
    const report = await validateEinvoice(xml, job.artefacts, options);
    return embedded ? { ...report, embedded: embedded.fileName } : report;
  } catch (error) {
    if (error instanceof NotAnEinvoice) throw new DomainError(error.malformed ? 'input' : 'validation', error.message);
    if (error instanceof MissingRules) throw new DomainError('unavailable', `EINVOICE_ARTEFACTS_DIR: ${error.message}`);
    throw error;
  }
}
