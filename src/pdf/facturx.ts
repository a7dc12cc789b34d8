/**
 * Factur-X 1.0 (ZUGFeRD 2.x): a PDF/A-3 a person reads, its CII invoice embedded as `factur-x.xml` with
 * AFRelationship `Data` (the XML is the invoice's data; the PDF shows it), and the XMP metadata that says so in
 * Factur-X's extension schema. Only the EN 16931 profile is written: the CII the service writes is EN 16931's.
 */
export const FACTURX_FILE_NAME = 'factur-x.xml';
export const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
export const FACTURX_CONFORMANCE = 'EN 16931';

/** Each property of the fx schema, as PDF/A's extension schema describes it for a validator that does not know it. */
const PROPERTIES: [name: string, description: string][] = [
  ['DocumentFileName', 'The name of the embedded XML invoice file'],
  ['DocumentType', 'The type of the hybrid document: INVOICE'],
  ['Version', 'The version of the Factur-X XML schema'],
  ['ConformanceLevel', 'The profile of the embedded XML invoice'],
];

/** The XMP a Factur-X PDF carries besides PDF/A's own identification: the fx values, then their schema. */
export function facturxXmp(): string {
  const properties = PROPERTIES.map(
    ([name, description]) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`,
  ).join('');
  return `
        <rdf:Description xmlns:fx="${FACTURX_NAMESPACE}" rdf:about="">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>${FACTURX_CONFORMANCE}</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
            xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
            xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" rdf:about="">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${properties}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
        `;
}

/** What makes a PDF a Factur-X one: the CII to embed, and when the invoice was written (the file's dates). */
export interface FacturxAttachment {
  xml: string;
  at: Date;
}

/** Embeds the invoice and its XMP in a PDF/A-3 being written (pdfkit, opened with `subset: 'PDF/A-3b'`). */
export function embedFacturx(pdf: PDFKit.PDFDocument, attachment: FacturxAttachment): void {
  // pdfkit writes AFRelationship from `relationship`, which its type declarations do not list yet.
  const options: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
    name: FACTURX_FILE_NAME,
    type: 'text/xml',
    description: 'Factur-X invoice (EN 16931 profile)',
    relationship: 'Data',
    creationDate: attachment.at,
    modifiedDate: attachment.at,
  };
  pdf.file(Buffer.from(attachment.xml, 'utf8'), options);
  pdf.appendXML(facturxXmp());
}
