import type { ReactNode } from 'react';
import type { ViewField } from '../../../src/render/document-view';

/** The totals, top to bottom, down to payable, advances and due: a definition list, the payable and due stronger. */
export function TotalsBlock({ totals, children }: { totals: ViewField[]; children?: ReactNode }) {
  if (totals.length === 0) return null;
  return (
    <section className="document-totals" aria-labelledby="totals-heading">
      <h3 id="totals-heading">Totals</h3>
      <dl>
        {totals.map((total, index) => (
          <div key={index} className={total.strong ? 'strong' : undefined}>
            <dt>{total.label}</dt>
            <dd>{total.value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
