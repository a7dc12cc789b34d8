import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { JsonEditor } from '../json-editor';
import { isEnvelope } from '../json-source';
import { DocumentRendering } from '../view/document-rendering';
import { DOCUMENT_KINDS, kindOf, schemaUrlOf, typeOfSchemaUrl } from './document-kinds';
import { errorTreeOf } from './fault-errors';
import type { DocumentDraft } from './use-document-draft';

// The form library is loaded with the first form, not with the list of entries.
const SchemaForm = lazy(() => import('./schema-form'));

interface Props {
  draft: DocumentDraft;
  /** The JSON text's id and label. */
  id: string;
  label: string;
  help: ReactNode;
  /** The type a new document starts as, when the text names none. */
  fallbackType: string;
  /** The type may be changed (a new document); an edit keeps its type. */
  typeChangeable: boolean;
  children?: ReactNode;
}

/**
 * A document as a form generated from its type's JSON Schema, beside its JSON text: either edits the other. The
 * service calculates it as one types; its faults stand at their fields in the form and under the text, and the
 * document as calculated below.
 */
export function DocumentEditor({ draft, id, label, help, fallbackType, typeChangeable, children }: Props) {
  const named = typeOfSchemaUrl(draft.doc.$schema);
  const type = named ?? fallbackType;
  const kind = kindOf(type);
  const errors = useMemo(() => (draft.problem?.kind === 'refused' ? errorTreeOf(draft.problem.refusal.faults) : {}), [draft.problem]);
  return (
    <>
      <div className="document-editor">
        <section aria-labelledby={`${id}-form-heading`} className="document-form">
          <h2 id={`${id}-form-heading`}>{kind ? `${kind.label} form` : 'Form'}</h2>
          {typeChangeable ? (
            <div className="field">
              <label htmlFor={`${id}-type`}>Document type (a new type starts an empty document)</label>
              <select
                id={`${id}-type`}
                value={kind ? type : ''}
                onChange={(event) => draft.setDoc({ $schema: schemaUrlOf(event.target.value) })}
              >
                {kind ? null : <option value="">{named ?? 'Another type'} (JSON only)</option>}
                {DOCUMENT_KINDS.map((option) => (
                  <option key={option.type} value={option.type}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {kind ? (
            <Suspense fallback={<p role="status">Loading the form…</p>}>
              <SchemaForm type={type} doc={draft.doc} onDoc={draft.setDoc} errors={errors} />
            </Suspense>
          ) : (
            <p>The console has no form for this type: edit its JSON.</p>
          )}
        </section>
        <section aria-label="JSON" className="document-json">
          <JsonEditor
            ref={draft.editor}
            id={id}
            label={label}
            help={help}
            text={draft.text}
            onText={draft.setText}
            problem={draft.problem}
            places={draft.source.ok ? draft.source.places : undefined}
            asEnvelope={draft.source.ok && isEnvelope(draft.source.value)}
          />
          {children}
          <p role="status" className="hint" data-field="live-status">
            {draft.busy ? 'Asking the service…' : draft.checking ? 'Calculating…' : ''}
          </p>
        </section>
      </div>
      {draft.calculated ? (
        <div ref={draft.result} tabIndex={-1} className="calculated" aria-label="The document as calculated">
          <p className="hint">Calculated by the service; not stored yet.</p>
          <DocumentRendering envelope={draft.calculated} faults={[]} />
        </div>
      ) : null}
    </>
  );
}
