import type { DocumentView } from '../../../src/render/document-view';

/** The document's title, its kind, and its short facts (dates, currency, references) as a definition list. */
export function TitleBlock({ view }: { view: DocumentView }) {
  return (
    <header className="document-head">
      <h2 id="document-heading">{view.title}</h2>
      <p className="hint">{view.kind}</p>
      {view.facts.length > 0 ? (
        <dl className="document-facts">
          {view.facts.map((fact, index) => (
            <div key={index}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </header>
  );
}
