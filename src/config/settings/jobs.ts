import { integer } from './setting-kinds';

export const JOB_POLL_MS = integer({
  name: 'JOB_POLL_MS',
  description: "how often each process looks for workflows' jobs with a step due (a job created in the process is started at once)",
  default: 1_000,
});

export const JOB_CONCURRENCY = integer({
  name: 'JOB_CONCURRENCY',
  description: 'job steps one process runs at once',
  default: 4,
  max: 256,
});

export const JOB_WORKSPACE_CONCURRENCY = integer({
  name: 'JOB_WORKSPACE_CONCURRENCY',
  description: "of those, steps of one workspace's jobs: a workspace with many jobs waits behind its own",
  default: 1,
});

export const JOB_STEP_TIME_LIMIT_MS = integer({
  name: 'JOB_STEP_TIME_LIMIT_MS',
  description:
    'how long one step of a job may take before it is cut (`TIMEOUT`); a process that died in the middle of a step leaves its job to ' +
    'another process that long again after it (at most 30 s more)',
  default: 120_000,
  min: 1_000,
  max: 3_600_000,
});

export const JOB_SETTINGS = [JOB_POLL_MS, JOB_CONCURRENCY, JOB_WORKSPACE_CONCURRENCY, JOB_STEP_TIME_LIMIT_MS];
