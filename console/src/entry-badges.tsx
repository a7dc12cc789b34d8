/** States that say something went wrong: shown in the warning colour, never in the colour of a good state. */
const TROUBLE = new Set(['invalid', 'error', 'rejected', 'void']);

/**
 * The state, signed and invalid marks of an entry, in words (not colour alone). An entry whose state is `invalid`
 * and whose contents are invalid shows one "invalid", not two.
 */
export function EntryBadges({ state, signed, invalid }: { state?: string | null; signed: boolean; invalid: boolean }) {
  const shownState = state && !(invalid && state === 'invalid') ? state : null;
  return (
    <span className="badges">
      {shownState ? <span className={`badge ${TROUBLE.has(shownState) ? 'badge-invalid' : 'badge-state'}`}>{shownState}</span> : null}
      {signed ? <span className="badge badge-signed">signed</span> : null}
      {invalid ? <span className="badge badge-invalid">invalid</span> : null}
    </span>
  );
}
