import type { NodeKind } from '../../base/node-kind';
import type { Fault, JsonObject } from '../../base/types';
import { EU_EN16931_V2017 } from './def';
import type { Addon } from '../../tax/addon-def';
import { faultMaker } from '../../rules/fault';
import { objects, present, str } from '../../rules/values';
import { docTax, hasExt } from '../../tax/extensions';
import { normalizeEnPayInstructions } from './pay';
import { normalizeEnCombo, validateEnCombo } from './tax-combo';
import { EN16931_CHARGES, EN16931_DISCOUNTS, EN16931_NOTE_SUBJECTS, mapKey } from './key-codes';
import { UNTDID } from './extensions';
import { normalizeEnTaxNote } from './tax-note';
import { normalizeEnIdentity, normalizeEnInbox, normalizeEnParty } from './org';
import { validateEnInvoice } from './bill-invoice';

/** The European norm EN 16931-1:2017 (addon eu-en16931-v2017), base of Factur-X, ZUGFeRD, XRechnung and Chorus Pro. */

const fd = faultMaker('GOBL-EU-EN16931-BILL-DISCOUNT');
const fld = faultMaker('GOBL-EU-EN16931-BILL-LINEDISCOUNT');
const fch = faultMaker('GOBL-EU-EN16931-BILL-CHARGE');
const flc = faultMaker('GOBL-EU-EN16931-BILL-LINECHARGE');
const fpi = faultMaker('GOBL-EU-EN16931-PAY-INSTRUCTIONS');
const fpt = faultMaker('GOBL-EU-EN16931-PAY-TERMS');
const fit = faultMaker('GOBL-EU-EN16931-ORG-ITEM');
const fat = faultMaker('GOBL-EU-EN16931-ORG-ATTACHMENT');
const fpa = faultMaker('GOBL-EU-EN16931-ORG-PARTY');
const fin = faultMaker('GOBL-EU-EN16931-ORG-INBOX');
const fad = faultMaker('GOBL-EU-EN16931-ORG-ADDRESS');

export const euEn16931: Addon = {
  def: EU_EN16931_V2017,
  normalize(node: JsonObject, kind: NodeKind) {
    switch (kind) {
      case 'bill/invoice':
        docTax(node, true);
        break;
      case 'pay/instructions':
        normalizeEnPayInstructions(node);
        break;
      case 'tax/combo':
        normalizeEnCombo(node);
        break;
      case 'bill/discount':
      case 'bill/line-discount':
        mapKey(node, EN16931_DISCOUNTS, UNTDID.allowance);
        break;
      case 'bill/charge':
      case 'bill/line-charge':
        mapKey(node, EN16931_CHARGES, UNTDID.charge);
        break;
      case 'tax/note':
        normalizeEnTaxNote(node);
        break;
      case 'org/note':
        mapKey(node, EN16931_NOTE_SUBJECTS, UNTDID.textSubject);
        break;
      case 'org/item':
        if (str(node, 'unit') === '') node.unit = 'one';
        break;
      case 'org/identity':
        normalizeEnIdentity(node);
        break;
      case 'org/inbox':
        normalizeEnInbox(node);
        break;
      case 'org/party':
        normalizeEnParty(node);
        break;
      default:
    }
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    switch (kind) {
      case 'bill/invoice':
        return validateEnInvoice(node, path);
      case 'tax/combo':
        return validateEnCombo(node, path);
      case 'bill/discount': {
        const out: Fault[] = [];
        if (!present(node, 'taxes')) out.push(fd('01', 'taxes are needed', `${path}.taxes`));
        if (!present(node, 'reason') && !hasExt(node, UNTDID.allowance))
          out.push(fd('02', 'a reason or an allowance code is needed', path));
        return out;
      }
      case 'bill/line-discount':
        return present(node, 'reason') || hasExt(node, UNTDID.allowance)
          ? []
          : [fld('01', 'a reason or an allowance code is needed', path)];
      case 'bill/charge':
        return present(node, 'reason') || hasExt(node, UNTDID.charge) ? [] : [fch('01', 'a reason or a charge code is needed', path)];
      case 'bill/line-charge':
        return present(node, 'reason') || hasExt(node, UNTDID.charge) ? [] : [flc('01', 'a reason or a charge code is needed', path)];
      case 'pay/instructions':
        return hasExt(node, UNTDID.paymentMeans) ? [] : [fpi('01', `'${UNTDID.paymentMeans}' is needed`, `${path}.ext`)];
      case 'pay/terms':
        return present(node, 'due_dates') || present(node, 'notes') ? [] : [fpt('01', 'due dates or notes are needed', path)];
      case 'org/item':
        return present(node, 'unit') ? [] : [fit('01', 'a unit is needed', `${path}.unit`)];
      case 'org/attachment':
        return present(node, 'code') ? [] : [fat('01', 'a code is needed', `${path}.code`)];
      case 'org/party':
        return objects(node, 'inboxes').length > 1 ? [fpa('01', 'at most one inbox is allowed', `${path}.inboxes`)] : [];
      case 'org/inbox': {
        const out: Fault[] = [];
        if (present(node, 'code') && !present(node, 'scheme')) out.push(fin('01', 'a scheme is needed with a code', path));
        if (present(node, 'scheme') && !present(node, 'code')) out.push(fin('02', 'a code is needed with a scheme', path));
        return out;
      }
      case 'org/address':
        return present(node, 'country') ? [] : [fad('01', 'a country is needed', `${path}.country`)];
      default:
        return [];
    }
  },
};
