import { forwardRef, useImperativeHandle, useRef, type DragEvent, type ReactNode } from 'react';
import { placeOfPath, type TextPlace } from './json-source';
import type { Refusal } from './refusal';
import './json-editor.css';

/** What is wrong with the text: it is not JSON (at a place), or the service refused it. */
export type JsonProblem = { kind: 'syntax'; message: string; place: TextPlace } | { kind: 'refused'; refusal: Refusal };

export interface JsonEditorHandle {
  /** Moves the focus to the problem's summary, and scrolls the text to the first line it points at. */
  showProblem(): void;
}

interface Props {
  id: string;
  label: string;
  help: ReactNode;
  text: string;
  onText(text: string): void;
  problem?: JsonProblem;
  /** Where the text's values stand, to point a fault's paths at lines; absent while the text is not JSON. */
  places?: Map<string, TextPlace>;
  /** The text is the envelope or a patch of it (fault paths name it directly), not the bare document. */
  asEnvelope: boolean;
}

/** The first place in the text the problem points at. */
function firstPlace(problem: JsonProblem, places: Map<string, TextPlace> | undefined, asEnvelope: boolean): TextPlace | undefined {
  if (problem.kind === 'syntax') return problem.place;
  if (!places) return undefined;
  for (const fault of problem.refusal.faults) {
    for (const path of fault.paths) {
      const place = placeOfPath(places, path, asEnvelope);
      if (place) return place;
    }
  }
  return undefined;
}

/**
 * A labelled textarea of JSON, which also takes a dropped .json file, with its problem listed below it and tied
 * to it by aria-describedby: each fault's paths and message, and a button that selects the line it points at.
 */
export const JsonEditor = forwardRef<JsonEditorHandle, Props>(function JsonEditor(
  { id, label, help, text, onText, problem, places, asEnvelope },
  handle,
) {
  const area = useRef<HTMLTextAreaElement>(null);
  const summary = useRef<HTMLDivElement>(null);

  const select = (place: TextPlace, focus: boolean) => {
    const textarea = area.current;
    if (!textarea) return;
    if (focus) textarea.focus();
    textarea.setSelectionRange(place.offset, place.offset + place.length);
    const lineHeight = parseFloat(getComputedStyle(textarea).lineHeight) || 20;
    textarea.scrollTop = Math.max(0, (place.line - 3) * lineHeight);
  };
  useImperativeHandle(handle, () => ({
    showProblem() {
      summary.current?.focus();
      const place = problem ? firstPlace(problem, places, asEnvelope) : undefined;
      if (place) select(place, false);
    },
  }));

  const drop = async (event: DragEvent<HTMLTextAreaElement>) => {
    const file = event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    onText(await file.text());
  };

  const problemsId = `${id}-problems`;
  const firstLine = problem ? firstPlace(problem, places, asEnvelope) : undefined;
  return (
    <div className="field json-editor">
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-help`} className="hint">
        {help}
      </p>
      <textarea
        id={id}
        ref={area}
        className="json-text"
        rows={18}
        spellCheck={false}
        value={text}
        aria-describedby={problem ? `${id}-help ${problemsId}` : `${id}-help`}
        aria-invalid={problem ? true : undefined}
        data-faulty-line={firstLine?.line}
        onChange={(event) => onText(event.target.value)}
        onDragOver={(event) => event.preventDefault()}
        onDrop={drop}
      />
      {problem ? (
        <div id={problemsId} ref={summary} tabIndex={-1} role="alert" className="notice json-problems">
          {problem.kind === 'syntax' ? (
            <p>
              {problem.message}{' '}
              <button type="button" onClick={() => select(problem.place, true)}>
                Go to line {problem.place.line}
              </button>
            </p>
          ) : (
            <>
              <p>The service refused it: {problem.refusal.message}</p>
              {problem.refusal.faults.length > 0 ? (
                <ul className="fault-paths" aria-label="Faults by path">
                  {problem.refusal.faults.map((fault, index) => {
                    const place = places ? fault.paths.map((path) => placeOfPath(places, path, asEnvelope)).find(Boolean) : undefined;
                    return (
                      <li key={index} data-code={fault.code}>
                        {fault.paths.map((path) => (
                          <code key={path} className="fault-path">
                            {path}
                          </code>
                        ))}{' '}
                        {fault.message} <code className="hint">{fault.code}</code>{' '}
                        {place ? (
                          <button type="button" onClick={() => select(place, true)}>
                            Go to line {place.line}
                          </button>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
});
