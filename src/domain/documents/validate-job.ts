import {
  MissingRules,
  NotAnEinvoice,
  validateEinvoice,
  type ValidationArtefacts,
  type ValidationReport,
} from '../../formats/validation/einvoice-validation';
import { DomainError } from '../shared/errors';

/** A received e-invoice to validate by the official artefacts (`POST /silo/v1/formats/validate`), as the engine takes it. */
export interface ValidateJob {
  workspaceId: string;
  xml: string;
  artefacts: ValidationArtefacts;
}

/** The validation report; broken XML or a DTD is 400, a well-formed document that is no e-invoice 422. */
export async function runValidateJob(job: ValidateJob): Promise<ValidationReport> {
  try {
    return await validateEinvoice(job.xml, job.artefacts);
  } catch (error) {
    if (error instanceof NotAnEinvoice) throw new DomainError(error.malformed ? 'input' : 'validation', error.message);
    if (error instanceof MissingRules) throw new DomainError('unavailable', `EINVOICE_ARTEFACTS_DIR: ${error.message}`);
    throw error;
  }
}
