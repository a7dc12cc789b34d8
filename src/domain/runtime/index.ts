/**
 * The event loop's scheduling, shared by the domain and the adapters: heavy answers take turns (read-turns), long
 * work on the HTTP thread goes in slices with light requests first (loop-slices), one request's budget of stored
 * data (data-budget), each workspace's requests at a steady rate (request-rates), one answer shared by the readers
 * that ask at once (shared-reads), counts by workspace (tally), and the previous entries a create body names, found
 * before it is parsed (previous-id-read-ahead).
 * Import it from here; the files behind it are this folder's own.
 */
export { DataBudget, DEFAULT_PAGE_DATA_BUDGET, dataBudgetSpent, partsBudgetSpent } from './data-budget';
export { LIGHT_FIRST_MS, SLICE_MS, SliceClock, lightRequests, nextSlice } from './loop-slices';
export { previousIdCandidates } from './previous-id-read-ahead';
export { HEAVY_READ_BYTES, HEAVY_READS_WAITING_PER_WORKSPACE, ReadTurn, ReadTurns } from './read-turns';
export { RequestRates, SERVED_WINDOW_MS, type Admission, type RequestRateLimits } from './request-rates';
export { SharedReads, type SharedReadsLimits } from './shared-reads';
export { Tally } from './tally';
