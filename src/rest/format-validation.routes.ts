import type { EinvoiceValidator } from '../domain/formats/einvoice-validator';
import { readXmlBody } from '../http/xml-body';
import { abandonedSignal } from '../http/request-signal';
import { FormatXmlSchema, ValidationReportSchema } from './api-schemas';
import type { ApiRoute } from './route-table';

export interface FormatValidationServices {
  einvoices: EinvoiceValidator;
  bodyLimit: number;
}

/** `POST /silo/v1/formats/validate`: a received e-invoice judged by the official artefacts; nothing is stored. */
export const formatValidationRoutes: ApiRoute<FormatValidationServices>[] = [
  {
    method: 'post',
    path: '/silo/v1/formats/validate',
    auth: 'token',
    operationId: 'validateEinvoice',
    tag: 'formats',
    summary:
      'Validate an XML e-invoice (UBL 2.1 Invoice or CreditNote, or CII D16B CrossIndustryInvoice, of any EN 16931 CIUS) by the official artefacts: the XML Schema, then the EN 16931 rules, and the Peppol BIS Billing 3.0 or XRechnung 3.0 rules when its customization id names them. 503 when EINVOICE_ARTEFACTS_DIR is not set.',
    body: { schema: FormatXmlSchema, mediaType: 'application/xml' },
    answers: {
      200: { description: 'The validation report; `valid` is false when a rule found an error.', schema: ValidationReportSchema },
    },
    unchecked: { body: 'not JSON: the XML is read by the handler, screened (no DTD, bounded depth) and parsed in the engine threads' },
    refusals: [400, 401, 413, 415, 422, 503],
    handler:
      ({ einvoices, bodyLimit }) =>
      async (req, res) => {
        const xml = await readXmlBody(req, bodyLimit);
        res.json(await einvoices.validate(req.workspaceId, xml.text, { signal: abandonedSignal(res) }));
      },
  },
];
