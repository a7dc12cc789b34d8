import type { HookContext } from '../../tax/hooks';
import type { Fault, JsonObject } from '../../base/types';
import { canConvertTo } from '../../currency/exchange';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { extMap, setExt, setExtIfEmpty } from '../../tax/extensions';
import { POST_CODE_PATTERN } from './complements';
import { lacksExt, setIssueMoment } from './bill-invoice';
import { K, STAMP_SAT_UUID } from './extensions';

/** The CFDI document type of a payment receipt ("complemento de pago"). */
export const DOC_TYPE_PAYMENT = 'P';
/** The only CFDI use a payment's customer may have. */
export const USE_PAYMENTS = 'CP01';
/** The only relation a payment has with the documents it replaces: substitution. */
export const REL_TYPE_SUBSTITUTION = '04';
/** Payment means "to be defined", which a payment cannot use. */
const MEANS_TO_DEFINE = '99';

/**
 * A payment is stamped as a CFDI of type P: issued now (unless a time is given), for the customer's use CP01,
 * replacing its preceding documents.
 */
export function normalizePayment(pmt: JsonObject, ctx: HookContext): void {
  setIssueMoment(pmt, ctx);
  setExt(pmt, K.docType, DOC_TYPE_PAYMENT);
  const customer = obj(pmt, 'customer');
  if (customer) setExtIfEmpty(customer, K.use, USE_PAYMENTS);
  for (const ref of objects(pmt, 'preceding')) setExtIfEmpty(ref, K.relType, REL_TYPE_SUBSTITUTION);
}

const fp = faultMaker('GOBL-MX-CFDI-BILL-PAYMENT');

const hasSatStamp = (node: JsonObject | undefined) => objects(node, 'stamps').some((s) => str(s, 'prv') === STAMP_SAT_UUID);

function validateParties(pmt: JsonObject, path: string, out: Fault[]): void {
  const supplier = obj(pmt, 'supplier');
  if (supplier) {
    const taxId = obj(supplier, 'tax_id');
    if (!taxId) out.push(fp('05', 'supplier tax ID is required', `${path}.supplier.tax_id`));
    else if (!present(taxId, 'code')) out.push(fp('06', 'supplier tax ID code is required', `${path}.supplier.tax_id.code`));
    if (lacksExt(supplier, [K.fiscalRegime])) out.push(fp('07', `supplier requires '${K.fiscalRegime}' extension`, `${path}.supplier.ext`));
  }
  const customer = obj(pmt, 'customer');
  // A payment is never issued to a generic customer.
  if (!customer) {
    out.push(fp('08', 'customer is required', `${path}.customer`));
  } else {
    const at = `${path}.customer`;
    const taxId = obj(customer, 'tax_id');
    if (!taxId) out.push(fp('09', 'customer tax ID is required', `${at}.tax_id`));
    else if (!present(taxId, 'code')) out.push(fp('10', 'customer tax ID code is required', `${at}.tax_id.code`));
    if (extMap(customer)[K.use] !== USE_PAYMENTS)
      out.push(fp('11', `customer's '${K.use}' must be '${USE_PAYMENTS}' for payments`, `${at}.ext`));
    if (str(taxId, 'country') === 'MX') {
      if (lacksExt(customer, [K.fiscalRegime])) out.push(fp('12', `Mexican customer requires '${K.fiscalRegime}' extension`, `${at}.ext`));
      if (!present(customer, 'addresses')) out.push(fp('13', 'Mexican customer must have at least one address', `${at}.addresses`));
      objects(customer, 'addresses').forEach((addr, i) => {
        const code = str(addr, 'code');
        if (code === '') out.push(fp('14', 'customer address postal code is required', `${at}.addresses[${i}].code`));
        else if (!POST_CODE_PATTERN.test(code))
          out.push(fp('15', 'customer address postal code format is invalid', `${at}.addresses[${i}].code`));
      });
    }
  }
  if (present(pmt, 'payee')) out.push(fp('16', 'payee cannot be represented in a CFDI payment', `${path}.payee`));
}

/** A line's tax total: no surcharges, and a percent on every retained rate. */
function validateLineTax(tax: JsonObject, at: string, out: Fault[]): void {
  const categories = objects(tax, 'categories');
  if (categories.some((c) => objects(c, 'rates').some((r) => present(r, 'surcharge')))) {
    out.push(fp('26', 'tax rate surcharges are not supported', at));
  }
  if (categories.some((c) => c.retained === true && objects(c, 'rates').some((r) => !present(r, 'percent')))) {
    out.push(fp('27', 'retained tax rates must have a percent', at));
  }
}

function validateLines(pmt: JsonObject, path: string, out: Fault[]): void {
  objects(pmt, 'lines').forEach((line, i) => {
    const at = `${path}.lines[${i}]`;
    if (line.refund === true) out.push(fp('20', 'refund lines are not supported', `${at}.refund`));
    if (!present(line, 'installment')) out.push(fp('21', 'installment number is required', `${at}.installment`));
    if (!present(line, 'payable')) out.push(fp('22', 'payable amount is required', `${at}.payable`));
    if (!present(line, 'due')) out.push(fp('23', 'due amount is required', `${at}.due`));
    const document = obj(line, 'document');
    if (!document) out.push(fp('24', 'line document is required', `${at}.document`));
    else if (!hasSatStamp(document)) out.push(fp('25', `line document requires the '${STAMP_SAT_UUID}' stamp`, `${at}.document.stamps`));
    const tax = obj(line, 'tax');
    if (tax) validateLineTax(tax, `${at}.tax`, out);
  });
}

export function validateMxCfdiPayment(pmt: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (str(pmt, 'type') !== 'receipt') out.push(fp('01', 'only payment receipts are supported', path));
  if (!canConvertTo(pmt, 'MXN')) out.push(fp('02', 'payment must be in MXN or provide exchange rate for conversion', path));
  const ext = extMap(pmt);
  if (!ext[K.docType] || !ext[K.issuePlace])
    out.push(fp('03', `payment requires '${K.docType}' and '${K.issuePlace}' extensions`, `${path}.ext`));
  if (ext[K.docType] && ext[K.docType] !== DOC_TYPE_PAYMENT)
    out.push(fp('04', `payment document type must be '${DOC_TYPE_PAYMENT}'`, `${path}.ext`));
  validateParties(pmt, path, out);
  const methods = objects(pmt, 'methods');
  if (methods.length !== 1) out.push(fp('17', 'exactly one payment method is required', `${path}.methods`));
  methods.forEach((m, i) => {
    const means = extMap(m)[K.paymentMeans];
    if (!means) out.push(fp('18', `payment method requires '${K.paymentMeans}' extension`, `${path}.methods[${i}].ext`));
    else if (means === MEANS_TO_DEFINE) out.push(fp('19', "payment means '99' (to define) is not allowed", `${path}.methods[${i}].ext`));
  });
  validateLines(pmt, path, out);
  // Related documents in another currency are not supported.
  const currency = str(pmt, 'currency');
  if (
    objects(pmt, 'lines').some((l) => {
      const c = str(obj(l, 'document'), 'currency');
      return c !== '' && c !== currency;
    })
  ) {
    out.push(fp('28', 'line document currency must match the payment currency', path));
  }
  objects(pmt, 'preceding').forEach((ref, i) => {
    if (extMap(ref)[K.relType] !== REL_TYPE_SUBSTITUTION) {
      out.push(fp('29', `preceding row's '${K.relType}' must be '${REL_TYPE_SUBSTITUTION}'`, `${path}.preceding[${i}].ext`));
    }
    if (!hasSatStamp(ref)) out.push(fp('30', `preceding row is missing '${STAMP_SAT_UUID}' stamp`, `${path}.preceding[${i}].stamps`));
  });
  return out;
}
