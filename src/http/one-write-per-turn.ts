import type { Writable } from 'node:stream';

/**
 * Runs the writes to `stream` made in one turn of the event loop as one: the first corks it, and it is uncorked
 * once the turn's promise callbacks have run. A page of events sent to a WebSocket subscriber is then one system
 * call (writev), not one per event.
 */
export function oneWritePerTurn(stream: Writable): (write: () => void) => void {
  let corked = false;
  return (write) => {
    if (!corked) {
      corked = true;
      stream.cork();
      process.nextTick(() => {
        corked = false;
        stream.uncork();
      });
    }
    write();
  };
}
