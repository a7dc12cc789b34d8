import { Type } from '@sinclair/typebox';
import { OUTPUT_FORMAT_NAMES } from '../../formats';
import { FileLinkQuery } from './files';

export const EntryFormatParams = Type.Object({
  id: Type.String({ description: "The entry's UUID." }),
  format: Type.Union(
    OUTPUT_FORMAT_NAMES.map((name) => Type.Literal(name)),
    {
      description:
        "The format: `ubl`, EN 16931 in UBL 2.1 (an Invoice, or a CreditNote for a credit note); `cii`, EN 16931 in UN/CEFACT CII D16B (a CrossIndustryInvoice); `peppol`, Peppol BIS Billing 3.0 (UBL, both parties with an electronic address); `xrechnung-ubl` and `xrechnung-cii`, XRechnung 3.0 in each syntax (a buyer reference, the seller's contact, both electronic addresses).",
    },
  ),
});
export const EntryFormatQuery = Type.Object({
  version: Type.Optional(Type.String({ description: 'A version of the entry, from its `versions`; the current one by default.' })),
});
/** GET's query: the version, and a signed link's parts (GraphQL's `Entry.format(name: FACTURX)` answers such a link). */
export const EntryFormatGetQuery = Type.Object({ ...EntryFormatQuery.properties, ...FileLinkQuery.properties });
export const FormatXmlSchema = Type.String({ contentMediaType: 'application/xml', description: 'The XML document, in UTF-8.' });
export const FormatPdfSchema = Type.String({ contentMediaType: 'application/pdf', description: 'The Factur-X PDF.' });

const ValidationFindingSchema = Type.Object(
  {
    rule: Type.String({
      description: 'The rule: its published id (`BR-10`, `PEPPOL-EN16931-R010`, `BR-DE-15`), or `XSD` for the XML Schema.',
    }),
    flag: Type.String({ description: "The rule's flag: `fatal` (an error), `warning`, or `information`." }),
    location: Type.String({ description: 'Where in the document: an XPath for a rule, a line for the XML Schema.' }),
    message: Type.String({ description: "The rule's message." }),
  },
  { $id: 'ValidationFinding' },
);

export const ValidationReportSchema = Type.Object(
  {
    valid: Type.Boolean({ description: 'True when no error was found (warnings do not count).' }),
    syntax: Type.Union([Type.Literal('ubl'), Type.Literal('cii')], {
      description: "The document's syntax: UBL 2.1 or UN/CEFACT CII D16B.",
    }),
    customization: Type.String({ description: "The document's customization id (BT-24), which chose the rule sets." }),
    rules: Type.Array(Type.String(), {
      description:
        'The rule sets run after the XML Schema (`en16931-ubl`, `en16931-cii`, `peppol-ubl`, `peppol-cii`, `xrechnung-ubl`, `xrechnung-cii`); none when the schema failed.',
    }),
    errors: Type.Array(ValidationFindingSchema),
    warnings: Type.Array(ValidationFindingSchema),
    embedded: Type.Optional(Type.String({ description: 'For a Factur-X / ZUGFeRD PDF: the name of the embedded file judged.' })),
  },
  { $id: 'ValidationReport' },
);

/** A received e-invoice's create options (its body is the XML or PDF): GraphQL's importDocument takes the same, beside `xml`. */
export const CreateEntryQuery = Type.Object({
  key: Type.Optional(Type.String({ description: 'For an e-invoice body (XML or PDF): the idempotency key, unique in the workspace.' })),
  folder: Type.Optional(Type.String({ description: 'For an e-invoice body: the folder to store the entry in.' })),
  allow_invalid: Type.Optional(
    Type.Boolean({ description: 'For an e-invoice body: `true` stores the document even when GOBL finds faults.' }),
  ),
  name: Type.Optional(
    Type.String({
      description: "For an e-invoice body: the original's file name (the invoice's series and code, `.xml` or `.pdf`, by default).",
    }),
  ),
});

export const ParseQuery = Type.Object({
  envelop: Type.Optional(
    Type.String({ enum: ['true', 'false'], description: '`true` answers the envelope, else the document.', expected: 'true or false' }),
  ),
});

/** What `POST /silo/v1/gobl/parse` answers: the GOBL invoice and what the received e-invoice said of itself. */
export const ParseAnswerSchema = Type.Object(
  {
    data: Type.Object({}, { additionalProperties: true, description: 'The GOBL invoice (or its envelope), calculated and validated.' }),
    einvoice: Type.Object(
      {
        syntax: Type.String(),
        customization: Type.String(),
        embedded: Type.Optional(Type.String({ description: 'For a PDF: the name of the XML file it carried.' })),
        stated: Type.Record(Type.String(), Type.String(), { description: "The sender's totals, under GOBL's names." }),
        differences: Type.Array(Type.Object({}, { additionalProperties: true }), {
          description: 'Where the calculation differs from them, and by how much.',
        }),
      },
      { additionalProperties: false },
    ),
  },
  { $id: 'ParseAnswer', additionalProperties: false },
);
