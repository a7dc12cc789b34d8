import { v7 as uuidv7 } from 'uuid';
import { facturxCiiOf } from '../domain/documents/format-job';
import type { PdfJob, PdfOutcome } from '../domain/documents/pdf-job';
import { entryPdf } from '../pdf/entry-pdf';

/** An entry's PDF as the engine makes it, in a worker thread or in the caller's: Factur-X's CII written first, when asked. */
export const makeEntryPdf = (job: PdfJob): Promise<PdfOutcome> => entryPdf(job, facturxCiiOf(job, { newUuid: uuidv7, now: new Date() }));
