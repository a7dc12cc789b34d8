import { SERVED_WINDOW_MS } from '../../domain/runtime';
import { integer } from './setting-kinds';

export const REQUEST_RATES_ABOUT =
  "Each workspace's requests (REST and GraphQL over HTTP, with a token or a file's signed link) go at a steady rate, " +
  `counted in each process, while another workspace has been served in the last ${SERVED_WINDOW_MS / 1000} s: a tenant that ` +
  'asks as fast as its connections allow then takes its share of the service, not all of it. A workspace alone on the ' +
  'process is not held. A request past the rate waits for its turn, its body unread; one whose turn is further off than ' +
  '`WORKSPACE_REQUEST_WAIT_MS` is 429 `too-many-requests` with `Retry-After`, and nothing of it runs. `/metrics` counts both ' +
  '(`http_requests_rate_limited_total`).';

export const WORKSPACE_REQUEST_RATE = integer({
  name: 'WORKSPACE_REQUEST_RATE',
  description: 'requests one workspace may start per second, sustained, in each process (`0`: no limit)',
  default: 100,
  min: 0,
  max: 1_000_000,
});

export const WORKSPACE_REQUEST_BURST = integer({
  name: 'WORKSPACE_REQUEST_BURST',
  description: 'requests it may start at once, past that rate, after a quiet while (a console page opening, a batch)',
  default: 100,
  max: 1_000_000,
});

export const WORKSPACE_REQUEST_WAIT_MS = integer({
  name: 'WORKSPACE_REQUEST_WAIT_MS',
  description:
    "longest a request past its workspace's rate waits for its turn before it is refused; below the 30 s a request's upload may take",
  default: 10_000,
  min: 0,
  max: 20_000,
});

export const REQUEST_RATE_SETTINGS = [WORKSPACE_REQUEST_RATE, WORKSPACE_REQUEST_BURST, WORKSPACE_REQUEST_WAIT_MS];
