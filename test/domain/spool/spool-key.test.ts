import { isoWeek, spoolKey } from '../../../src/domain/spool/spool.service';

describe('spool keys', () => {
  test.each([
    ['2025-05-14', '2025-W20'],
    ['2021-01-01', '2020-W53'], // a Friday: the week of the year before
    ['2024-12-30', '2025-W01'], // a Monday whose Thursday is in the next year
    ['2026-01-04', '2026-W01'], // a Sunday ends the week
    ['2026-01-05', '2026-W02'],
  ])('%s is in ISO week %s', (day, week) => {
    expect(isoWeek(new Date(`${day}T12:00:00Z`))).toBe(week);
  });

  test('a key is the week, 20 random hex digits and the name made safe for a path', () => {
    const at = new Date('2025-05-14T08:00:00Z');
    expect(spoolKey(at, 'invoice.xml')).toMatch(/^2025-W20-[0-9a-f]{20}-invoice\.xml$/);
    expect(spoolKey(at, 'a b?c#d%e€.pdf')).toMatch(/^2025-W20-[0-9a-f]{20}-a_b_c_d_e_\.pdf$/);
    expect(spoolKey(at, 'x'.repeat(255)).length).toBe(8 + 1 + 20 + 1 + 100);
    expect(spoolKey(at, 'a.xml')).not.toBe(spoolKey(at, 'a.xml'));
  });
});
