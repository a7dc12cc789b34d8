import { useId, useState } from 'react';
import { DownloadButton } from './download-button';

/** The e-invoice formats the service writes, as the REST route names them, with a person's words for each. */
const FORMATS = [
  ['ubl', 'EN 16931, UBL 2.1'],
  ['cii', 'EN 16931, UN/CEFACT CII'],
  ['peppol', 'Peppol BIS Billing 3.0'],
  ['xrechnung-ubl', 'XRechnung 3.0, UBL'],
  ['xrechnung-cii', 'XRechnung 3.0, CII'],
  ['facturx', 'Factur-X / ZUGFeRD PDF'],
] as const;

/**
 * "E-invoice": the invoice in a legal e-invoice format, chosen from a list and downloaded. A format that cannot
 * express the invoice says which rule it lacks, in the service's words.
 */
export function FormatDownload({ entryId }: { entryId: string }) {
  const id = useId();
  const [format, setFormat] = useState<(typeof FORMATS)[number][0]>('ubl');
  const [, words] = FORMATS.find(([name]) => name === format)!;
  const download = {
    path: `/silo/v1/entries/${encodeURIComponent(entryId)}/formats/${format}`,
    label: 'Download e-invoice',
    what: `the ${words} document`,
    fallbackName: `${entryId}.${format === 'facturx' ? 'pdf' : 'xml'}`,
  };
  return (
    <div className="format-download">
      <label htmlFor={id}>E-invoice format</label>{' '}
      <select id={id} value={format} onChange={(event) => setFormat(event.target.value as typeof format)}>
        {FORMATS.map(([name, label]) => (
          <option key={name} value={name}>
            {label}
          </option>
        ))}
      </select>{' '}
      <DownloadButton download={download} />
    </div>
  );
}
