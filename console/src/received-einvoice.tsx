import { useEffect, useState } from 'react';

/** What the service keeps of a received e-invoice in the entry's `einvoice` meta row. */
interface Received {
  syntax: string;
  customization: string;
  embedded?: string;
  stated: Record<string, string>;
  differences: { total: string; stated: string; calculated: string; difference: string }[];
}

interface Finding {
  rule: string;
  flag: string;
  location: string;
  message: string;
}

interface Report {
  valid: boolean;
  rules: string[];
  errors: Finding[];
  warnings: Finding[];
}

interface File {
  key?: string | null;
  name: string;
  url?: string | null;
}

const TOTAL_NAMES: Record<string, string> = {
  sum: 'Sum of lines',
  discount: 'Allowances',
  charge: 'Charges',
  total: 'Total without VAT',
  tax: 'VAT',
  total_with_tax: 'Total with VAT',
  advance: 'Paid',
  rounding: 'Rounding',
  payable: 'Amount due',
};

/** The validation report kept beside a received document, fetched by its file's signed link. */
function useReport(url: string | undefined): Report | 'failed' | undefined {
  const [report, setReport] = useState<Report | 'failed'>();
  useEffect(() => {
    if (!url) return;
    let current = true;
    fetch(url)
      .then((response) => (response.ok ? (response.json() as Promise<Report>) : Promise.reject(new Error(String(response.status)))))
      .then(
        (read) => current && setReport(read),
        () => current && setReport('failed'),
      );
    return () => {
      current = false;
    };
  }, [url]);
  return report;
}

/**
 * "Received e-invoice": how the entry came (its syntax and specification), its original to download, the
 * sender's totals beside the service's calculation (a difference marked, never hidden), and the official rules'
 * report of the original, each error at its rule.
 */
export function ReceivedEinvoice({ received, totals, files }: { received: Received; totals: Record<string, unknown>; files: File[] }) {
  const original = files.find((file) => file.key === 'source');
  const reportFile = files.find((file) => file.key === 'validation');
  const report = useReport(reportFile?.url ?? undefined);
  const differing = new Map(received.differences.map((row) => [row.total, row]));
  return (
    <section aria-labelledby="received-heading" className="received">
      <h2 id="received-heading">Received e-invoice</h2>
      <p>
        {received.syntax.toUpperCase()}
        {received.embedded ? ` in a PDF (${received.embedded})` : ''}, following{' '}
        <code>{received.customization || 'no stated specification'}</code>.{' '}
        {original?.url ? (
          <a href={original.url} download={original.name}>
            Download the original ({original.name})
          </a>
        ) : null}
      </p>
      <table className="received-totals">
        <caption>The sender's figures beside ours</caption>
        <thead>
          <tr>
            <th scope="col">Total</th>
            <th scope="col">Sender</th>
            <th scope="col">Calculated</th>
            <th scope="col">Difference</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(received.stated).map(([total, stated]) => {
            const differs = differing.get(total);
            return (
              <tr key={total} className={differs ? 'differs' : undefined}>
                <th scope="row">{TOTAL_NAMES[total] ?? total}</th>
                <td>{stated}</td>
                <td>{typeof totals[total] === 'string' ? (totals[total] as string) : (differs?.calculated ?? '0')}</td>
                <td>{differs ? differs.difference : 'none'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {report === undefined ? (
        reportFile ? (
          <p>Reading the validation report…</p>
        ) : (
          <p className="hint">Not validated: the service has no official rules configured (EINVOICE_ARTEFACTS_DIR).</p>
        )
      ) : report === 'failed' ? (
        <p role="alert" className="notice">
          The validation report could not be read.
        </p>
      ) : (
        <div className="validation-report">
          <p>
            {report.valid ? 'Valid' : 'Not valid'} by the XML Schema{report.rules.length > 0 ? ` and ${report.rules.join(', ')}` : ''}:{' '}
            {report.errors.length} errors, {report.warnings.length} warnings.
          </p>
          {report.errors.length + report.warnings.length > 0 ? (
            <ul>
              {[...report.errors, ...report.warnings].map((finding, i) => (
                <li key={i}>
                  <strong>{finding.rule}</strong> ({finding.flag}) at <code>{finding.location}</code>: {finding.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </section>
  );
}
