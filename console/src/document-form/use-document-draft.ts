import { useEffect, useMemo, useRef, useState } from 'react';
import type { JsonEditorHandle, JsonProblem } from '../json-editor';
import { isEnvelope, readJsonSource } from '../json-source';
import { refusalOf } from '../refusal';
import { readToken } from '../token-store';
import type { Envelope } from '../../../src/document/base/types';

/** The wait after the last change before the document is calculated again. */
export const LIVE_DELAY_MS = 600;

/** The stateless build route: the document normalised, calculated and validated, as an envelope; nothing stored. */
export async function calculateDocument(data: unknown): Promise<{ envelope: Envelope } | { problem: JsonProblem }> {
  const response = await fetch('/silo/v1/gobl/build', {
    method: 'POST',
    headers: { authorization: `Bearer ${readToken() ?? ''}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data, envelop: true }),
  });
  const body = (await response.json().catch(() => undefined)) as { data?: Envelope } | undefined;
  if (response.ok && body?.data) return { envelope: body.data };
  return { problem: { kind: 'refused', refusal: refusalOf(body as never, `the service answered ${response.status}`, !isEnvelope(data)) } };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * A document being written, as JSON text and as the form's value at once: the text is the truth (it may hold an
 * envelope, or members the form does not show), the form edits its document. Each change is calculated by the
 * service once the typing pauses; what it answered (the envelope, or the faults) is about the text as it stood.
 */
export function useDocumentDraft(initialText: string) {
  const [text, setTextState] = useState(initialText);
  const [problem, setProblem] = useState<JsonProblem>();
  const [calculated, setCalculated] = useState<Envelope>();
  const [busy, setBusy] = useState(false);
  /** A calculation of its own (not asked for by a button) is under way: it blocks nothing. */
  const [checking, setChecking] = useState(false);
  const [changed, setChanged] = useState(false);
  const editor = useRef<JsonEditorHandle>(null);
  const result = useRef<HTMLDivElement>(null);
  const current = useRef(text);
  const source = useMemo(() => readJsonSource(text), [text]);
  // The form keeps the last text that was JSON while the text is being retyped.
  const lastValue = useRef<unknown>(source.ok ? source.value : undefined);
  if (source.ok) lastValue.current = source.value;
  const value = lastValue.current;
  const doc = isEnvelope(value) ? ((value as { doc: unknown }).doc as Record<string, unknown>) : isObject(value) ? value : {};

  const setText = (next: string, byHand = true) => {
    current.current = next;
    setTextState(next);
    // What was calculated or refused was about the earlier text.
    setCalculated(undefined);
    setProblem(undefined);
    if (byHand) setChanged(true);
  };
  const setDoc = (next: Record<string, unknown>) => {
    // The form reports its value when drawn too: only a real change is one.
    if (JSON.stringify(next) === JSON.stringify(doc)) return;
    setText(prettyJson(isEnvelope(value) ? { ...(value as object), doc: next } : next));
  };
  const refuse = (found: JsonProblem, show = true) => {
    setCalculated(undefined);
    setProblem(found);
    // After React has drawn the summary.
    if (show) setTimeout(() => editor.current?.showProblem(), 0);
  };
  /** The text's value, or undefined after reporting why it is not JSON. */
  const parsed = (): { value: unknown } | undefined => {
    if (source.ok) return { value: source.value };
    refuse({ kind: 'syntax', message: source.message, place: source.place });
    return undefined;
  };
  const calculate = async (show: boolean, sent = current.current) => {
    const data = readJsonSource(sent);
    if (!data.ok) return show ? refuse({ kind: 'syntax', message: data.message, place: data.place }) : undefined;
    if (show) setProblem(undefined);
    const working = show ? setBusy : setChecking;
    working(true);
    try {
      const answer = await calculateDocument(data.value);
      if (current.current !== sent) return; // typed on since: that text is calculated in its turn
      if ('problem' in answer) refuse(answer.problem, show);
      else {
        setProblem(undefined);
        setCalculated(answer.envelope);
        if (show) setTimeout(() => result.current?.focus(), 0);
      }
    } catch (error) {
      if (current.current === sent)
        refuse(
          { kind: 'refused', refusal: { key: 'network', message: error instanceof Error ? error.message : String(error), faults: [] } },
          show,
        );
    } finally {
      working(false);
    }
  };

  useEffect(() => {
    if (!changed || !source.ok) return;
    const sent = text;
    const timer = setTimeout(() => void calculate(false, sent), LIVE_DELAY_MS);
    return () => clearTimeout(timer);
    // Only a change of the text starts a calculation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, changed]);

  return {
    text,
    setText,
    source,
    value,
    doc,
    setDoc,
    problem,
    refuse,
    parsed,
    calculated,
    calculate,
    busy,
    setBusy,
    checking,
    editor,
    result,
  };
}

export type DocumentDraft = ReturnType<typeof useDocumentDraft>;
