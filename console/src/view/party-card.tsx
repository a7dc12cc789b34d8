import type { ReactNode } from 'react';
import type { PartyBlock } from '../../../src/render/document-view';

/** One party: its role, its name as a heading, then its tax id, address lines and contacts, a line each. */
export function PartyCard({ party, id, children }: { party: PartyBlock; id: string; children?: ReactNode }) {
  return (
    <section className="party" aria-labelledby={id} data-role={party.role}>
      <p className="party-role">{party.role}</p>
      <h3 id={id} className="party-name">
        {party.name}
      </h3>
      {party.lines.length > 0 ? (
        <ul className="party-lines">
          {party.lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </section>
  );
}
