/** How the view writes amounts, percentages, quantities and dates, in one locale and the document's currency. */
export interface TextFormat {
  locale: string;
  /** An amount of the document's currency, with the decimals it was stored with. */
  money(amount: unknown): string;
  /** A plain decimal (a quantity), with its own decimals. */
  decimal(value: unknown): string;
  /** A percentage as stored (`21.0%`), with the locale's separators. */
  percent(value: unknown): string;
  /** A date as stored (`2026-11-20`), in the locale's long form. */
  date(value: unknown): string;
}

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** The digits after the point: amounts keep the precision they were calculated with. */
const decimalsOf = (text: string): number => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

/**
 * Intl formats a decimal string exactly (no float in between, so money stays exact); its types still take only
 * numbers, hence the cast.
 */
function formatDecimal(formatter: (decimals: number) => Intl.NumberFormat, text: string): string {
  return formatter(decimalsOf(text)).format(text as unknown as number);
}

export function textFormat(locale: string, currency: string | undefined): TextFormat {
  const plain = (decimals: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const money = (decimals: number) => {
    if (!currency || !/^[A-Z]{3}$/.test(currency)) return plain(decimals);
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  };
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  return {
    locale,
    money: (amount) => (typeof amount === 'string' && DECIMAL_TEXT.test(amount) ? formatDecimal(money, amount) : textOf(amount)),
    decimal: (value) => (typeof value === 'string' && DECIMAL_TEXT.test(value) ? formatDecimal(plain, value) : textOf(value)),
    percent: (value) => {
      if (typeof value !== 'string') return textOf(value);
      const number = value.replace(/%$/, '');
      return DECIMAL_TEXT.test(number) ? `${formatDecimal(plain, number)}%` : value;
    },
    date: (value) => {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return textOf(value);
      const at = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(at.getTime()) ? value : dates.format(at);
    },
  };
}

/** Any JSON value as one line of text. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
