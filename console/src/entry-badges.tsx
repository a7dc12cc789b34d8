/** The state, signed and invalid marks of an entry, in words (not colour alone). */
export function EntryBadges({ state, signed, invalid }: { state?: string | null; signed: boolean; invalid: boolean }) {
  return (
    <span className="badges">
      {state ? <span className="badge badge-state">{state}</span> : null}
      {signed ? <span className="badge badge-signed">signed</span> : null}
      {invalid ? <span className="badge badge-invalid">invalid</span> : null}
    </span>
  );
}
