/**
 * Preloaded into the service by the noisy-neighbour bench (`node --require`): measures how long the HTTP
 * thread's event loop was held, and on SIGUSR2 writes the figures since the last report to
 * BENCH_LOOP_FILE, then starts over.
 */
const { writeFileSync } = require('node:fs');
const { monitorEventLoopDelay } = require('node:perf_hooks');

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
  const figures = { maxMs: ms(delay.max), p99Ms: ms(delay.percentile(99)), meanMs: ms(delay.mean) };
  delay.reset();
  writeFileSync(process.env.BENCH_LOOP_FILE, JSON.stringify(figures));
});
