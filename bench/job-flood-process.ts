/**
 * The busy workspace of the sequences bench, in a process of its own so that the load generator measuring its
 * neighbour does not also carry its event loop (a real tenant's loop runs on its own machine): it tries to start
 * `attempts` jobs, `concurrency` requests at once, and reports their answers by status.
 */
export type JobFloodCommand = {
  start: { url: string; authorization: string; workflowId: string; entryId: string; attempts: number; concurrency: number };
};
export type JobFloodReport = { done: { attempts: number; statuses: Record<number, number>; seconds: number } } | { failed: string };

async function flood({ url, authorization, workflowId, entryId, attempts, concurrency }: JobFloodCommand['start']): Promise<void> {
  const statuses: Record<number, number> = {};
  const started = performance.now();
  let sent = 0;
  const body = JSON.stringify({ workflow_id: workflowId, silo_entry_id: entryId });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < attempts) {
        sent += 1;
        const reply = await fetch(`${url}/transform/v1/jobs`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body,
        });
        await reply.arrayBuffer();
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
      }
    }),
  );
  process.send!({ done: { attempts: sent, statuses, seconds: (performance.now() - started) / 1000 } } satisfies JobFloodReport);
}

process.once('message', (command: JobFloodCommand) => {
  flood(command.start).then(
    () => process.disconnect(),
    (error: Error) => {
      process.send!({ failed: error.message } satisfies JobFloodReport);
      process.disconnect();
    },
  );
});
