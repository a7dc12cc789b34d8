import type { EntryFault } from './fault-places';

/** The faults that point at one block, shown beside it; nothing when there are none. */
export function FaultNotes({ faults }: { faults: EntryFault[] | undefined }) {
  if (!faults || faults.length === 0) return null;
  return (
    <ul className="fault-notes" aria-label="Faults here">
      {faults.map((fault, index) => (
        <li key={index}>
          <code>{fault.code}</code> {fault.message}{' '}
          {fault.paths.length > 0 ? <code className="hint">({fault.paths.join(', ')})</code> : null}
        </li>
      ))}
    </ul>
  );
}
