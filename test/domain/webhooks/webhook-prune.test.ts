import { DELIVERIES_KEPT, KEPT_AFTER_PRUNE, PRUNE_EVERY, prunesAt } from '../../../src/domain/webhooks/webhook';

/**
 * An endpoint's attempts stay at most DELIVERIES_KEPT whatever it is sent: first attempts prune when their place
 * crosses a multiple of PRUNE_EVERY (an endpoint that takes only some types may never see a place that is one),
 * retries always, and a prune keeps room for the ones in between.
 */
function mostKept(attempts: { seq: number; attempt: number }[]): number {
  let kept = 0;
  let most = 0;
  let standing = 0;
  for (const { seq, attempt } of attempts) {
    kept++;
    if (prunesAt(standing, seq, attempt)) kept = Math.min(kept, KEPT_AFTER_PRUNE);
    most = Math.max(most, kept);
    if (attempt === 1) standing = seq;
  }
  return most;
}

test('an endpoint that takes one event in sixteen, never at a multiple of sixteen, stays within the bound', () => {
  const attempts = Array.from({ length: 5_000 }, (_, i) => ({ seq: 16 * i + 1, attempt: 1 }));
  // (A rule that pruned at places that are multiples of 16 would have kept all 5,000.)
  expect(mostKept(attempts)).toBeLessThanOrEqual(DELIVERIES_KEPT);
});

test('consecutive events, retries among them, stay within the bound', () => {
  const attempts: { seq: number; attempt: number }[] = [];
  for (let seq = 1; seq <= 5_000; seq++) {
    attempts.push({ seq, attempt: 1 });
    if (seq % 7 === 0) attempts.push({ seq, attempt: 2 }, { seq, attempt: 3 });
  }
  expect(mostKept(attempts)).toBeLessThanOrEqual(DELIVERIES_KEPT);
});

test('first attempts at places that advance by one prune once in PRUNE_EVERY, and never go PRUNE_EVERY without one', () => {
  let since = 0;
  let longest = 0;
  for (let seq = 1; seq <= 1_000; seq++) {
    since = prunesAt(seq - 1, seq, 1) ? 0 : since + 1;
    longest = Math.max(longest, since);
  }
  expect(longest).toBe(PRUNE_EVERY - 1);
});
