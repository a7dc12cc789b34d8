import { registerComplementType } from '../../base/complements';
import { registerObjectKinds } from '../../model/type-model';
import { Amount, Percentage } from '../../num';
import { mexicanRfcKind } from '../../regimes/mx/tax-identity';
import type { Fault, Json, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';

/**
 * The two CFDI complements the mx-cfdi addon module defines, registered as complement types (base/complements.ts):
 * GOBL reads and calculates them wherever they appear, whether or not the addon is active (the types exist once
 * the module is loaded), and validates them only under the addon (its hooks, addon.ts):
 *
 * - fuel account balance ("Estado de Cuenta de Combustibles" 1.2): fuel bought with e-wallets;
 * - food vouchers ("Vales de Despensa" 1.0): vouchers paid into employees' e-wallets.
 *
 * Their types are described as GOBL's own are, so the engine reads their keys as Go does (case folding),
 * checks their values decode, and drops unknown fields. Calculation rebuilds each object field by field in
 * the module's order, as GOBL writes it back.
 */

export const FUEL_ACCOUNT_BALANCE_SCHEMA = 'https://gobl.org/draft-0/regimes/mx/fuel-account-balance';
export const FOOD_VOUCHERS_SCHEMA = 'https://gobl.org/draft-0/regimes/mx/food-vouchers';

/** The object kinds of the two complements and of what they hold. */
export const FUEL_ACCOUNT_BALANCE = 'mx-cfdi/fuel-account-balance';
export const FOOD_VOUCHERS = 'mx-cfdi/food-vouchers';

registerObjectKinds({
  [FUEL_ACCOUNT_BALANCE]: {
    fields: { account_number: 'string', subtotal: 'num/amount', total: 'num/amount', lines: '[mx-cfdi/fuel-account-line]' },
    calculated: ['subtotal', 'total'],
  },
  'mx-cfdi/fuel-account-line': {
    fields: {
      i: 'integer',
      e_wallet_id: 'cbc/code',
      purchase_date_time: 'cal/date-time',
      vendor_tax_code: 'cbc/code',
      service_station_code: 'cbc/code',
      quantity: 'num/amount',
      item: 'mx-cfdi/fuel-account-item',
      purchase_code: 'cbc/code',
      total: 'num/amount',
      taxes: '[mx-cfdi/fuel-account-tax]',
    },
    calculated: ['i', 'total'],
  },
  'mx-cfdi/fuel-account-item': { fields: { type: 'cbc/code', unit: 'org/unit', name: 'string', price: 'num/amount' } },
  'mx-cfdi/fuel-account-tax': {
    fields: { cat: 'cbc/code', percent: 'num/percentage', rate: 'num/amount', amount: 'num/amount' },
    calculated: ['amount'],
  },
  [FOOD_VOUCHERS]: {
    fields: { employer_registration: 'string', account_number: 'string', total: 'num/amount', lines: '[mx-cfdi/food-vouchers-line]' },
    calculated: ['total'],
  },
  'mx-cfdi/food-vouchers-line': {
    fields: {
      i: 'integer',
      e_wallet_id: 'cbc/code',
      issue_date_time: 'cal/date-time',
      employee: 'mx-cfdi/food-vouchers-employee',
      amount: 'num/amount',
    },
    calculated: ['i'],
  },
  'mx-cfdi/food-vouchers-employee': {
    fields: { tax_code: 'cbc/code', curp: 'cbc/code', name: 'string', social_security: 'cbc/code' },
  },
});

/** Five-digit Mexican post code, also used by the invoice rules. */
export const POST_CODE_PATTERN = /^[0-9]{5}$/;
const CURP_PATTERN = /^[A-Z][AEIOUX][A-Z]{2}[0-9]{2}[0-1][0-9][0-3][0-9][MH][A-Z]{2}[BCDFGHJKLMNÑPQRSTVWXYZ]{3}[0-9A-Z][0-9]$/;
const SOCIAL_SECURITY_PATTERN = /^[0-9]{11}$/;
const FUEL_TAX_CATEGORIES = ['VAT', 'IEPS'];

/* ---------- reading values as the module's types do ---------- */

function amountOf(value: Json | undefined): Amount {
  return Amount.from(value) ?? Amount.zero();
}

/** A code or text field: absent, null or not a string reads as empty. */
function text(node: JsonObject | undefined, field: string): string {
  return str(node, field);
}

/** Length in UTF-8 bytes, as GOBL's length rule counts a string. */
function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Drops the keys whose value is undefined (Go's `omitempty` on a zero value). */
function compact(node: Record<string, Json | undefined>): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(node)) if (v !== undefined) out[k] = v;
  return out;
}

/** GOBL writes a missing date and time as its zero value. */
const ZERO_DATE_TIME = '0000-00-00T00:00:00';

function dateTime(value: string): string {
  return value === '' ? ZERO_DATE_TIME : value;
}

function omitEmpty(s: string): string | undefined {
  return s === '' ? undefined : s;
}

function listOrNull(node: JsonObject, field: string): JsonObject[] | null {
  return Array.isArray(node[field]) ? objects(node, field) : null;
}

/* ---------- food vouchers ---------- */

const FOOD_PRECISION = 2;

function foodVouchersEmployee(e: JsonObject): JsonObject {
  return compact({
    tax_code: text(e, 'tax_code'),
    curp: text(e, 'curp'),
    name: text(e, 'name'),
    social_security: omitEmpty(text(e, 'social_security')),
  });
}

function calculateFoodVouchers(c: JsonObject): JsonObject {
  let total = Amount.zero(FOOD_PRECISION);
  const lines = listOrNull(c, 'lines')?.map((l, i) => {
    const amount = amountOf(l.amount).rescale(FOOD_PRECISION);
    total = total.add(amount);
    const employee = obj(l, 'employee');
    return compact({
      i: i + 1,
      e_wallet_id: text(l, 'e_wallet_id'),
      issue_date_time: dateTime(text(l, 'issue_date_time')),
      employee: employee ? foodVouchersEmployee(employee) : undefined,
      amount: amount.toString(),
    });
  });
  return compact({
    $schema: FOOD_VOUCHERS_SCHEMA,
    employer_registration: omitEmpty(text(c, 'employer_registration')),
    account_number: text(c, 'account_number'),
    total: total.toString(),
    lines: lines ?? null,
  });
}

/* ---------- fuel account balance ---------- */

const FUEL_PRICE_MIN_PRECISION = 3;
const FUEL_TOTALS_PRECISION = 2;

function fuelItem(item: JsonObject): { json: JsonObject; price: Amount } {
  const price = amountOf(item.price).rescaleUp(FUEL_PRICE_MIN_PRECISION);
  const json = compact({
    type: text(item, 'type'),
    unit: omitEmpty(text(item, 'unit')),
    name: text(item, 'name'),
    price: price.toString(),
  });
  return { json, price };
}

function calculateFuelAccountBalance(c: JsonObject): JsonObject {
  let subtotal = Amount.zero(FUEL_TOTALS_PRECISION);
  let taxTotal = Amount.zero(FUEL_TOTALS_PRECISION);
  const lines = listOrNull(c, 'lines')?.map((l, i) => {
    const quantity = amountOf(l.quantity).rescaleUp(FUEL_PRICE_MIN_PRECISION);
    const given = obj(l, 'item');
    const item = given ? fuelItem(given) : undefined;
    // Without an item the given total is kept (only rounded).
    let lineTotal = item ? item.price.multiply(quantity) : amountOf(l.total);
    const taxes = listOrNull(l, 'taxes')?.map((t) => {
      const percent = Percentage.from(t.percent);
      const rate = t.rate === undefined || t.rate === null ? undefined : Amount.from(t.rate);
      let amount = amountOf(t.amount);
      if (percent) amount = percent.of(lineTotal);
      else if (rate) amount = quantity.multiply(rate);
      amount = amount.rescale(FUEL_TOTALS_PRECISION);
      taxTotal = taxTotal.add(amount);
      return compact({
        cat: text(t, 'cat'),
        percent: percent?.toString(),
        rate: rate?.toString(),
        amount: amount.toString(),
      });
    });
    lineTotal = lineTotal.rescale(FUEL_TOTALS_PRECISION);
    subtotal = subtotal.add(lineTotal);
    return {
      i: i + 1,
      e_wallet_id: text(l, 'e_wallet_id'),
      purchase_date_time: dateTime(text(l, 'purchase_date_time')),
      vendor_tax_code: text(l, 'vendor_tax_code'),
      service_station_code: text(l, 'service_station_code'),
      quantity: quantity.toString(),
      item: item ? item.json : null,
      purchase_code: text(l, 'purchase_code'),
      total: lineTotal.toString(),
      taxes: taxes ?? null,
    } as JsonObject;
  });
  return {
    $schema: FUEL_ACCOUNT_BALANCE_SCHEMA,
    account_number: text(c, 'account_number'),
    subtotal: subtotal.toString(),
    total: subtotal.add(taxTotal).toString(),
    lines: lines ?? null,
  };
}

/* ---------- the types, as the module registers them ---------- */

registerComplementType({ schema: FOOD_VOUCHERS_SCHEMA, kind: FOOD_VOUCHERS, calculate: calculateFoodVouchers });
registerComplementType({ schema: FUEL_ACCOUNT_BALANCE_SCHEMA, kind: FUEL_ACCOUNT_BALANCE, calculate: calculateFuelAccountBalance });

/* ---------- validation (under the addon) ---------- */

const ff = faultMaker('GOBL-MX-CFDI-FOODVOUCHERS');
const fa = faultMaker('GOBL-MX-CFDI-FUELACCOUNTBALANCE');

function rfcValid(code: string): boolean {
  return code !== '' && mexicanRfcKind(code) !== undefined;
}

/** `lines[i].issue_date_time` and alike: absent, empty or all zeros is GOBL's zero date-time. */
function dateTimeZero(value: string): boolean {
  return value === '' || value === ZERO_DATE_TIME;
}

export function validateFoodVouchers(c: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (bytes(text(c, 'employer_registration')) > 20) {
    out.push(ff('01', 'the employer registration takes at most 20 bytes', `${path}.employer_registration`));
  }
  const account = text(c, 'account_number');
  if (account === '') out.push(ff('02', 'an account number is needed', `${path}.account_number`));
  else if (bytes(account) > 20) out.push(ff('03', 'the account number takes at most 20 bytes', `${path}.account_number`));
  if (!present(c, 'lines')) out.push(ff('05', 'at least one line is needed', `${path}.lines`));
  objects(c, 'lines').forEach((l, i) => {
    const at = `${path}.lines[${i}]`;
    const wallet = text(l, 'e_wallet_id');
    if (wallet === '') out.push(ff('06', 'the line needs an e-wallet ID', `${at}.e_wallet_id`));
    else if (bytes(wallet) > 20) out.push(ff('07', 'the e-wallet ID takes at most 20 bytes', `${at}.e_wallet_id`));
    if (dateTimeZero(text(l, 'issue_date_time'))) out.push(ff('08', 'the line needs an issue date and time', `${at}.issue_date_time`));
    const employee = obj(l, 'employee');
    if (!employee) {
      out.push(ff('09', 'the line needs an employee', `${at}.employee`));
      return;
    }
    const taxCode = text(employee, 'tax_code');
    if (taxCode === '') out.push(ff('10', "the employee's RFC is needed", `${at}.employee.tax_code`));
    if (!rfcValid(taxCode)) out.push(ff('11', "the employee's RFC is not a valid one", `${at}.employee.tax_code`));
    const curp = text(employee, 'curp');
    if (curp === '') out.push(ff('12', "the employee's CURP is needed", `${at}.employee.curp`));
    else if (!CURP_PATTERN.test(curp)) out.push(ff('13', "the employee's CURP is malformed", `${at}.employee.curp`));
    const name = text(employee, 'name');
    if (name === '') out.push(ff('14', "the employee's name is needed", `${at}.employee.name`));
    else if (bytes(name) > 100) out.push(ff('15', "the employee's name takes at most 100 bytes", `${at}.employee.name`));
    const nss = text(employee, 'social_security');
    if (nss !== '' && !SOCIAL_SECURITY_PATTERN.test(nss)) {
      out.push(ff('16', "the employee's social security number must be 11 digits", `${at}.employee.social_security`));
    }
  });
  return out;
}

function positive(value: Json | undefined): boolean {
  return amountOf(value).isPositive();
}

function validateFuelLine(l: JsonObject, at: string): Fault[] {
  const out: Fault[] = [];
  if (text(l, 'e_wallet_id') === '') out.push(fa('06', 'the line needs an e-wallet ID', `${at}.e_wallet_id`));
  if (dateTimeZero(text(l, 'purchase_date_time')))
    out.push(fa('07', 'the line needs a purchase date and time', `${at}.purchase_date_time`));
  const vendor = text(l, 'vendor_tax_code');
  if (vendor === '') out.push(fa('08', "the vendor's RFC is needed", `${at}.vendor_tax_code`));
  if (!rfcValid(vendor)) out.push(fa('09', "the vendor's RFC is not a valid one", `${at}.vendor_tax_code`));
  const station = text(l, 'service_station_code');
  if (station === '') out.push(fa('10', 'the service station code is needed', `${at}.service_station_code`));
  else if (bytes(station) > 20) out.push(fa('11', 'the service station code takes 1 to 20 bytes', `${at}.service_station_code`));
  if (!positive(l.quantity)) out.push(fa('12', 'the quantity must be above zero', `${at}.quantity`));
  const item = obj(l, 'item');
  if (!item) out.push(fa('13', 'the line needs an item', `${at}.item`));
  else {
    if (text(item, 'type') === '') out.push(fa('14', 'the item needs a fuel type', `${at}.item.type`));
    const name = text(item, 'name');
    if (name === '') out.push(fa('15', 'the item needs a name', `${at}.item.name`));
    else if (bytes(name) > 300) out.push(fa('16', 'the item name takes 1 to 300 bytes', `${at}.item.name`));
    if (!positive(item.price)) out.push(fa('17', 'the item price must be above zero', `${at}.item.price`));
  }
  const purchase = text(l, 'purchase_code');
  if (purchase === '') out.push(fa('18', 'the purchase code is needed', `${at}.purchase_code`));
  else if (bytes(purchase) > 50) out.push(fa('19', 'the purchase code takes 1 to 50 bytes', `${at}.purchase_code`));
  // The total is checked against the quantity times the price, multiplied at the quantity's decimals.
  if (item) {
    const expected = amountOf(l.quantity).multiply(amountOf(item.price)).rescale(FUEL_TOTALS_PRECISION);
    if (!amountOf(l.total).equals(expected)) out.push(fa('20', 'the line total is not the quantity times the price', at));
  }
  if (!present(l, 'taxes')) out.push(fa('21', 'the line needs its taxes', `${at}.taxes`));
  objects(l, 'taxes').forEach((t, j) => {
    const tat = `${at}.taxes[${j}]`;
    const cat = text(t, 'cat');
    if (cat === '') out.push(fa('22', 'the tax needs a category', `${tat}.cat`));
    if (!FUEL_TAX_CATEGORIES.includes(cat)) out.push(fa('23', 'the tax category must be VAT or IEPS', `${tat}.cat`));
    const hasRate = t.rate !== undefined && t.rate !== null;
    if ((t.percent === undefined || t.percent === null) && !hasRate) {
      out.push(fa('24', 'a tax without a percent needs a rate', `${tat}.rate`));
    }
    if (hasRate && !positive(t.rate)) out.push(fa('25', 'the tax rate must be above zero', `${tat}.rate`));
    if (!positive(t.amount)) out.push(fa('26', 'the tax amount must be above zero', `${tat}.amount`));
  });
  return out;
}

export function validateFuelAccountBalance(c: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const account = text(c, 'account_number');
  if (account === '') out.push(fa('01', 'an account number is needed', `${path}.account_number`));
  else if (bytes(account) > 50) out.push(fa('02', 'the account number takes 1 to 50 bytes', `${path}.account_number`));
  if (!present(c, 'lines')) out.push(fa('05', 'at least one line is needed', `${path}.lines`));
  objects(c, 'lines').forEach((l, i) => out.push(...validateFuelLine(l, `${path}.lines[${i}]`)));
  return out;
}
