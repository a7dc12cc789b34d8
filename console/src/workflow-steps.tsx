import type { NextView, StepView } from './workflow-json';

/**
 * A workflow's steps as a list, read from `stepsJson` (the steps as REST answers them, every branch included, at any
 * depth): each step's name, provider, config and where it goes next.
 */

/** Config values that are secrets (a webhook's signing secret) are not shown. */
const SECRET = /secret|password|token/i;
const configValue = (key: string, value: unknown): string =>
  SECRET.test(key) && value !== '' ? '(hidden)' : typeof value === 'string' ? value : JSON.stringify(value);

function When({ next }: { next: NextView }) {
  const status = next.status ?? 'any status';
  return (
    <>
      when <strong>{status}</strong>
      {next.code ? (
        <>
          {' '}
          with code <code>{next.code}</code>
        </>
      ) : null}
    </>
  );
}

function Step({ step, names, place }: { step: StepView; names: Map<string, string>; place: string }) {
  const config = Object.entries(step.config);
  const label = `${place} “${step.name}”`;
  return (
    <li data-step={step.id} data-provider={step.provider}>
      <p className="step-head">
        <span className="step-name">{step.name}</span> <code className="step-provider">{step.provider}</code>
      </p>
      {step.summary ? <p className="hint">{step.summary}</p> : null}
      {config.length > 0 ? (
        <dl className="step-config" aria-label={`Config of ${label}`}>
          {config.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>
                <code>{configValue(key, value)}</code>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {step.notes ? <p className="step-notes">{step.notes}</p> : null}
      {step.next.length > 0 ? (
        <ul className="step-next" aria-label={`Where ${label} goes next`}>
          {step.next.map((next, index) => (
            <li key={index} data-next-status={next.status ?? 'ANY'}>
              <When next={next} />:{' '}
              {next.stop ? (
                'stop the job'
              ) : next.stepId ? (
                <>go to “{names.get(next.stepId.toLowerCase()) ?? next.stepId}”</>
              ) : next.steps ? (
                <>
                  run these, then go on after it:
                  <StepList steps={next.steps} names={names} prefix={`${place}, branch ${index + 1}, step`} />
                </>
              ) : (
                'go on to the next step'
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Steps in order, numbered; each branch's steps under the step they belong to. `prefix` names them in the labels of
 * their config and branches (`Step`, `Rescue step`, `Step 2, branch 1, step`).
 */
export function StepList({ steps, names, prefix }: { steps: StepView[]; names: Map<string, string>; prefix: string }) {
  return (
    <ol className="workflow-steps">
      {steps.map((step, index) => (
        <Step key={step.id || index} step={step} names={names} place={`${prefix} ${index + 1}`} />
      ))}
    </ol>
  );
}
