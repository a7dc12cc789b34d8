import type { EinvoiceImports } from '../domain/formats/einvoice-imports';
import type { EinvoiceValidator } from '../domain/formats/einvoice-validator';
import { readEinvoiceBody, XmlText } from '../http/einvoice-body';
import { abandonedSignal } from '../http/request-signal';
import { FormatPdfSchema, FormatXmlSchema, ParseAnswerSchema, ParseQuery, ValidationReportSchema } from './api-schemas';
import type { ApiRoute } from './route-table';

export interface FormatValidationServices {
  einvoices: EinvoiceValidator;
  imports: EinvoiceImports;
  bodyLimit: number;
  fileSizeLimit: number;
}

const BODY_READ_BY_HANDLER =
  'not JSON: the XML or PDF is read by the handler, and screened (no DTD, bounded depth) and parsed in the engine threads';

/**
 * `POST /silo/v1/formats/validate`: a received e-invoice judged by the official artefacts; `POST /silo/v1/gobl/parse`:
 * one read into a GOBL invoice. Nothing is stored.
 */
export const formatValidationRoutes: ApiRoute<FormatValidationServices>[] = [
  {
    method: 'post',
    path: '/silo/v1/formats/validate',
    auth: 'token',
    operationId: 'validateEinvoice',
    tag: 'formats',
    summary:
      'Validate an e-invoice (XML: a UBL 2.1 Invoice or CreditNote, or a CII D16B CrossIndustryInvoice, of any EN 16931 CIUS; or a Factur-X / ZUGFeRD PDF, the XML it carries) by the official artefacts: the XML Schema, then the EN 16931 rules, and the Peppol BIS Billing 3.0 or XRechnung 3.0 rules when its customization id names them. 503 when EINVOICE_ARTEFACTS_DIR is not set.',
    body: { schema: FormatXmlSchema, mediaType: 'application/xml', alternatives: { 'application/pdf': FormatPdfSchema } },
    answers: {
      200: { description: 'The validation report; `valid` is false when a rule found an error.', schema: ValidationReportSchema },
    },
    unchecked: { body: BODY_READ_BY_HANDLER },
    refusals: [400, 401, 413, 415, 422, 503],
    handler:
      ({ einvoices, bodyLimit, fileSizeLimit }) =>
      async (req, res) => {
        const body = await readEinvoiceBody(req, { xml: bodyLimit, pdf: fileSizeLimit });
        const received = body instanceof XmlText ? body.text : body.bytes;
        res.json(await einvoices.validate(req.workspaceId, received, { signal: abandonedSignal(res) }));
      },
  },
  {
    method: 'post',
    path: '/silo/v1/gobl/parse',
    auth: 'token',
    operationId: 'parseEinvoice',
    tag: 'gobl',
    summary:
      "Read an e-invoice (XML: UBL or CII of any EN 16931 CIUS; or a Factur-X / ZUGFeRD PDF) into a GOBL invoice, calculated and validated as `POST /silo/v1/gobl/build` does (an envelope with `envelop=true`), with `einvoice`: its syntax, customization, the sender's stated totals and where the calculation differs. Nothing is stored; the XML refusals are those of a received invoice.",
    query: ParseQuery,
    body: { schema: FormatXmlSchema, mediaType: 'application/xml', alternatives: { 'application/pdf': FormatPdfSchema } },
    answers: { 200: { description: 'The GOBL invoice and what the e-invoice said.', schema: ParseAnswerSchema } },
    unchecked: { body: BODY_READ_BY_HANDLER },
    refusals: [400, 401, 413, 415, 422, 503],
    handler:
      ({ imports, bodyLimit, fileSizeLimit }) =>
      async (req, res) => {
        const body = await readEinvoiceBody(req, { xml: bodyLimit, pdf: fileSizeLimit });
        const received = body instanceof XmlText ? { xml: body.text } : { pdf: body.bytes };
        const parsed = await imports.parse(req.workspaceId, received, {
          envelop: req.query.envelop === 'true',
          signal: abandonedSignal(res),
        });
        res.type('application/json').send(`{"data":${parsed.dataJson},"einvoice":${JSON.stringify(parsed.einvoice)}}`);
      },
  },
];
