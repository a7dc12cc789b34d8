import { useEffect, useState } from 'react';
import { useClient } from 'urql';
import { SeriesVerificationDocument } from './generated/graphql';
import { messageOf } from './refusal';

/** Entries each request checks: the service's default, a tenth of the complexity budget. */
const PART = 10_000;
/** Parts checked in a row before the page asks whether to go on: a million entries. */
const PARTS = 100;

type Check =
  | { state: 'checking'; checked: number }
  | { state: 'holds'; checked: number; from: number }
  | { state: 'breaks'; checked: number; index: number; id: string | null; reason: string }
  | { state: 'paused'; checked: number; from: number; nextFrom: number }
  | { state: 'failed'; message: string };

/**
 * The series' chain checked by the service (`Series.verification`), a part at a time from its start until its end
 * or its first break: that every code from the start is there, each signed with the service's key over its link to
 * the one before. `round` changes to check again (after new codes were issued).
 */
export function SeriesVerification({ seriesId, start, issued }: { seriesId: string; start: number; issued: number }) {
  const client = useClient();
  const [check, setCheck] = useState<Check>({ state: 'checking', checked: 0 });
  const [from, setFrom] = useState<number | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let stopped = false;
    void (async () => {
      let checked = 0;
      let next = from;
      for (let part = 0; part < PARTS; part += 1) {
        const answer = await client.query(SeriesVerificationDocument, { id: seriesId, from: next, limit: PART }).toPromise();
        if (stopped) return;
        const verdict = answer.data?.seriesById?.verification;
        if (!verdict) return setCheck({ state: 'failed', message: answer.error ? messageOf(answer.error) : 'no such series' });
        checked += verdict.checked;
        if (!verdict.valid && verdict.firstBreak) return setCheck({ state: 'breaks', checked, ...verdict.firstBreak });
        if (verdict.nextFrom === null) return setCheck({ state: 'holds', checked, from: from ?? start });
        next = verdict.nextFrom;
        setCheck({ state: 'checking', checked });
      }
      setCheck({ state: 'paused', checked, from: from ?? start, nextFrom: next ?? start });
    })();
    return () => {
      stopped = true;
    };
  }, [client, seriesId, start, from, round]);

  const again = (at: number | null) => {
    setCheck({ state: 'checking', checked: 0 });
    setFrom(at);
    setRound((count) => count + 1);
  };

  return (
    <section aria-labelledby="chain-heading" className="chain">
      <h2 id="chain-heading">Chain</h2>
      <div
        data-field="verification"
        data-state={check.state}
        role="status"
        className={check.state === 'breaks' || check.state === 'failed' ? 'notice' : undefined}
      >
        {check.state === 'checking' ? (
          <p>Checking the chain… {check.checked > 0 ? `${check.checked.toLocaleString()} codes checked so far.` : ''}</p>
        ) : check.state === 'holds' ? (
          <p className="chain-holds">
            <span aria-hidden="true">✓ </span>
            {check.checked === 0 && issued === 0
              ? 'No code issued yet: nothing to check.'
              : `The chain holds: ${check.checked.toLocaleString()} codes from #${check.from}, none missing, each signed by the service over its link to the one before.`}
          </p>
        ) : check.state === 'breaks' ? (
          <>
            <p>
              <strong>The chain breaks at #{check.index}</strong>
              {check.id ? (
                <>
                  {' '}
                  (id <code>{check.id}</code>)
                </>
              ) : null}
              : <span data-field="break-reason">{check.reason}</span>.
            </p>
            <p className="hint">The codes from there on are not vouched for.</p>
          </>
        ) : check.state === 'paused' ? (
          <p>
            {check.checked.toLocaleString()} codes from #{check.from} hold so far.{' '}
            <button type="button" onClick={() => again(check.nextFrom)}>
              Check on from #{check.nextFrom}
            </button>
          </p>
        ) : (
          <p>Could not check the chain: {check.message}</p>
        )}
      </div>
      {check.state !== 'checking' ? (
        <p>
          <button type="button" onClick={() => again(null)}>
            Check the chain again
          </button>
        </p>
      ) : null}
    </section>
  );
}
