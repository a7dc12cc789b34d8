/** GOBL's calendar dates (`cal.Date`): a real day written YYYY-MM-DD, or the zero date. */

export function isValidDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

/** A missing date, or GOBL's zero date, counts as zero. */
export function isZeroDate(value: unknown): boolean {
  return typeof value !== 'string' || value === '' || value === '0000-00-00';
}
