import type { ReactNode } from 'react';
import type { TextSection } from '../../../src/render/document-view';

/** A section of text under the tables (payment terms, instructions, notes, the listing of other fields): a line each. */
export function TextSectionBlock({ section, id, children }: { section: TextSection; id: string; children?: ReactNode }) {
  return (
    <section className="text-section" aria-labelledby={id}>
      <h3 id={id}>{section.title}</h3>
      <ul>
        {section.lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
      {children}
    </section>
  );
}
