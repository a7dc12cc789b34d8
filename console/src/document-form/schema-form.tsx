// The Form alone: the package's index also exports a test registry that needs ajv, which the console does not use.
import Form from '@rjsf/core/lib/components/Form.js';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { readToken } from '../token-store';
import { kindOf } from './document-kinds';
import type { ErrorTree } from './fault-errors';
import { FORM_UI, formSchemaOf } from './form-schema';
import { serviceValidator } from './service-validator';
import './document-form.css';

/** Each type's schema, asked of the service once per page load. */
const SCHEMAS = new Map<string, Promise<RJSFSchema>>();

function schemaOf(type: string): Promise<RJSFSchema> {
  let made = SCHEMAS.get(type);
  if (!made) {
    made = fetch(`/silo/v1/gobl/schemas/${type}`, { headers: { authorization: `Bearer ${readToken() ?? ''}` } }).then(async (response) => {
      if (!response.ok) throw new Error(`the service answered ${response.status} for the schema of ${type}`);
      return (await response.json()) as RJSFSchema;
    });
    // A failure is not kept: the next form asks again.
    made.catch(() => SCHEMAS.delete(type));
    SCHEMAS.set(type, made);
  }
  return made;
}

interface Props {
  type: string;
  doc: Record<string, unknown>;
  onDoc(doc: Record<string, unknown>): void;
  /** The service's faults, at their fields. */
  errors: ErrorTree;
}

/**
 * The form of a document type, generated from the service's JSON Schema of it (fields GOBL calculates left out,
 * the common parts only: see document-kinds.ts); what it leaves out of the document stays as it was. Loaded
 * apart from the console's first page, with its form library.
 */
export default function SchemaForm({ type, doc, onDoc, errors }: Props) {
  const [schema, setSchema] = useState<RJSFSchema>();
  const [failed, setFailed] = useState<string>();
  useEffect(() => {
    let live = true;
    setSchema(undefined);
    schemaOf(type).then(
      (found) => live && setSchema(found),
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [type]);
  const shown = useMemo(
    () => (schema ? (formSchemaOf(schema, kindOf(type)?.fields ?? Object.keys(schema.properties ?? {})) as RJSFSchema) : undefined),
    [schema, type],
  );

  if (failed)
    return (
      <p role="alert" className="notice">
        Could not load the form: {failed}. The JSON text still works.
      </p>
    );
  if (!shown) return <p role="status">Loading the form…</p>;
  return (
    <div className="schema-form" data-form-type={type}>
      <Form
        // A <div>: the form stands inside the page's own controls, and Enter in a field must submit nothing.
        tagName="div"
        schema={shown}
        uiSchema={FORM_UI}
        formData={doc}
        validator={serviceValidator}
        noHtml5Validate
        showErrorList={false}
        extraErrors={errors as ErrorSchema}
        experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipEmptyDefaults', arrayMinItems: { populate: 'never' } }}
        onChange={(event) => onDoc((event.formData ?? {}) as Record<string, unknown>)}
      />
    </div>
  );
}
