import { useMemo } from 'react';
import type { Envelope } from '../../../src/document/base/types';
import { documentView } from '../../../src/render/document-view';
import { FaultNotes } from './fault-notes';
import { placeFaults, type EntryFault } from './fault-places';
import { PartyCard } from './party-card';
import { TextSectionBlock } from './text-section-block';
import { TitleBlock } from './title-block';
import { TotalsBlock } from './totals-block';
import { ViewTableBlock } from './view-table-block';

/**
 * The entry's document as a person reads it: the same view the PDF lays out (src/render), in the browser's
 * locale, amounts in the document's currency. Faults stand beside the block they point at; the others are
 * listed under the title, before the parties.
 */
export function DocumentRendering({ envelope, faults }: { envelope: Envelope; faults: EntryFault[] }) {
  const view = useMemo(() => documentView(envelope, navigator.language), [envelope]);
  const placed = useMemo(() => placeFaults(faults, view, envelope.doc ?? {}), [faults, view, envelope]);
  return (
    <article className="document" aria-labelledby="document-heading">
      <TitleBlock view={view} />
      {/* Under the title, so the headings stay in order (the title is the document's h2). */}
      {placed.elsewhere.length > 0 ? (
        <section className="faults" aria-labelledby="faults-heading">
          <h3 id="faults-heading">Faults</h3>
          <FaultNotes faults={placed.elsewhere} />
        </section>
      ) : null}
      <FaultNotes faults={placed.at.get('head')} />
      {view.parties.length > 0 ? (
        <div className="parties">
          {view.parties.map((party, index) => (
            <PartyCard key={index} party={party} id={`party-${index}`}>
              <FaultNotes faults={placed.at.get(`party:${index}`)} />
            </PartyCard>
          ))}
        </div>
      ) : null}
      {view.tables.map((table, index) => (
        <ViewTableBlock key={index} table={table} id={`table-${index}`}>
          <FaultNotes faults={placed.at.get(`table:${index}`)} />
        </ViewTableBlock>
      ))}
      <TotalsBlock totals={view.totals}>
        <FaultNotes faults={placed.at.get('totals')} />
      </TotalsBlock>
      {view.sections.map((section, index) => (
        <TextSectionBlock key={index} section={section} id={`section-${index}`}>
          <FaultNotes faults={placed.at.get(`section:${index}`)} />
        </TextSectionBlock>
      ))}
    </article>
  );
}
