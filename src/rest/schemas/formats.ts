import { Type } from '@sinclair/typebox';
import { FORMAT_NAMES } from '../../formats';

export const EntryFormatParams = Type.Object({
  id: Type.String({ description: "The entry's UUID." }),
  format: Type.Union(
    FORMAT_NAMES.map((name) => Type.Literal(name)),
    {
      description:
        'The format: `ubl`, EN 16931 in UBL 2.1 (an Invoice, or a CreditNote for a credit note); `cii`, EN 16931 in UN/CEFACT CII D16B (a CrossIndustryInvoice).',
    },
  ),
});
export const EntryFormatQuery = Type.Object({
  version: Type.Optional(Type.String({ description: 'A version of the entry, from its `versions`; the current one by default.' })),
});
export const FormatXmlSchema = Type.String({ contentMediaType: 'application/xml', description: 'The XML document, in UTF-8.' });
