import Decimal from 'decimal.js';
import { processDocument, type JsonObject, type ProcessContext } from '../../document';
import { facturxXmlOf, NoEmbeddedInvoice } from '../../formats/facturx-xml';
import { readEinvoice, type ReceivedEinvoice } from '../../formats/read-einvoice';
import type { StatedTotals } from '../../formats/reading';
import { fileNameOf } from '../../render/bill-view';
import { DomainError } from '../shared/errors';
import { toEntryFaults } from './faults';

/**
 * A received e-invoice to read as a GOBL invoice (an XML or PDF body of `POST /silo/v1/entries`), as the engine
 * takes it: the XML text, or a Factur-X / ZUGFeRD PDF's bytes.
 */
export type ReadJob = { workspaceId: string } & ({ xml: string } | { pdf: Uint8Array });

/** Where the sender's stated total and the service's calculation of it differ. */
export interface TotalDifference {
  /** The GOBL total (`payable`, `tax`, …), and the sender's figure and ours as decimal texts. */
  total: string;
  stated: string;
  calculated: string;
  /** Ours less the sender's. */
  difference: string;
}

export interface ReadOutcome extends Omit<ReceivedEinvoice, 'doc' | 'stated'> {
  /** The totals the sender stated, under GOBL's names. */
  stated: Record<string, string>;
  /** The GOBL invoice as read, not yet calculated: the create calculates it. */
  docJson: string;
  differences: TotalDifference[];
  /** A file name for the original, without its extension: the invoice's series and code, when it has them. */
  name?: string;
  /** For a PDF: the XML it carried, and that file's name in it. */
  embedded?: { fileName: string; xml: string };
}

/** Each stated total and the GOBL total it is compared with. */
const GOBL_TOTALS: Record<keyof StatedTotals, string> = {
  sum: 'sum',
  discount: 'discount',
  charge: 'charge',
  total: 'total',
  tax: 'tax',
  totalWithTax: 'total_with_tax',
  advances: 'advance',
  rounding: 'rounding',
  payable: 'payable',
};

/** The sender's totals under GOBL's names (`total_with_tax`, `advance`), as the entry's meta row shows them. */
const statedByGoblName = (stated: StatedTotals): Record<string, string> =>
  Object.fromEntries(
    (Object.keys(GOBL_TOTALS) as (keyof StatedTotals)[]).flatMap((name) =>
      stated[name] === undefined ? [] : [[GOBL_TOTALS[name], stated[name]]],
    ),
  );

/** The sender's totals against the calculation's (a total GOBL leaves out is zero); none when the document does not calculate. */
function differencesOf(doc: JsonObject, stated: Record<string, string>, context: ProcessContext): TotalDifference[] {
  const calculated = processDocument(doc, context);
  if (!calculated.ok) return [];
  const totals = (calculated.envelope.doc.totals ?? {}) as Record<string, unknown>;
  return Object.entries(stated).flatMap(([total, statedText]) => {
    // BT-115 is what is left to pay, net of the paid amount (BT-113): GOBL's `due` where advances were paid, else `payable`.
    const goblTotal = total === 'payable' && typeof totals.due === 'string' ? 'due' : total;
    const oursText = typeof totals[goblTotal] === 'string' ? (totals[goblTotal] as string) : '0';
    let theirs: Decimal;
    try {
      theirs = new Decimal(statedText);
    } catch {
      return [{ total, stated: statedText, calculated: oursText, difference: 'not a number' }];
    }
    const ours = new Decimal(oursText);
    if (ours.equals(theirs)) return [];
    const places = Math.max(ours.decimalPlaces(), theirs.decimalPlaces());
    return [{ total, stated: statedText, calculated: oursText, difference: ours.minus(theirs).toFixed(places) }];
  });
}

/**
 * Reads a received e-invoice in the engine's threads (from a PDF, the XML it carries): screened, parsed, read as a
 * GOBL invoice, and calculated once to compare its totals with the sender's. Broken or refused XML is 400; a well-formed document that is no
 * e-invoice, or one that cannot be read as an invoice, is 422 naming why.
 */
export async function runReadJob(job: ReadJob, context: ProcessContext): Promise<ReadOutcome> {
  const { xml, embedded } = await receivedXmlOf(job);
  const result = readEinvoice(xml);
  if (!result.ok) {
    const { refusal } = result;
    if (refusal.malformed) throw new DomainError('input', refusal.message);
    throw new DomainError('validation', refusal.message, {
      faults: toEntryFaults((refusal.faults ?? []).map((fault) => ({ ...fault, provider: refusal.syntax }))),
    });
  }
  const { doc, syntax, customization } = result.read;
  const stated = statedByGoblName(result.read.stated);
  const differences = differencesOf(doc, stated, context);
  return { syntax, customization, stated, docJson: JSON.stringify(doc), differences, name: fileNameOf(doc), embedded };
}

/**
 * The XML of a received e-invoice, for reading or validating it: as it came, or the one a Factur-X / ZUGFeRD PDF
 * carries (`embedded`); a PDF without one is 422, naming what it carries instead.
 */
export async function receivedXmlOf(
  job: { xml: string } | { pdf: Uint8Array },
): Promise<{ xml: string; embedded?: { fileName: string; xml: string } }> {
  if ('xml' in job) return { xml: job.xml };
  try {
    const embedded = await facturxXmlOf(job.pdf);
    return { xml: embedded.xml, embedded };
  } catch (error) {
    if (error instanceof NoEmbeddedInvoice) throw new DomainError('validation', error.message);
    throw error;
  }
}
