import type { NodeKind } from '../../base/node-kind';
import type { HookContext } from '../../tax/hooks';
import type { JsonObject } from '../../base/types';
import { MX_CFDI_V4 } from './def';
import { FOOD_VOUCHERS, FUEL_ACCOUNT_BALANCE, validateFoodVouchers, validateFuelAccountBalance } from './complements';
import type { Addon } from '../../tax/addon-def';
import { normalizeInvoice, validateMxCfdiInvoice } from './bill-invoice';
import { normalizePayment, validateMxCfdiPayment } from './bill-payment';
import { identitiesToExt } from './org-party';
import { normalizeItem } from './org-item';
import { normalizePaymentMeans, validatePaymentMeans, validateTerms } from './pay';

/** Mexico's CFDI 4.0 (addon mx-cfdi-v4, from the gobl.mx.cfdi module). */

export const mxCfdi: Addon = {
  def: MX_CFDI_V4,
  normalize(node: JsonObject, kind: NodeKind, ctx: HookContext) {
    switch (kind) {
      case 'bill/invoice':
        normalizeInvoice(node, ctx);
        break;
      case 'bill/payment':
        normalizePayment(node, ctx);
        break;
      case 'org/party':
        identitiesToExt(node);
        break;
      case 'org/item':
        normalizeItem(node);
        break;
      case 'pay/instructions':
      case 'pay/record':
        normalizePaymentMeans(node);
        break;
      default:
    }
  },
  validate(node: JsonObject, kind: NodeKind | string, path: string) {
    switch (kind) {
      case 'bill/invoice':
        return validateMxCfdiInvoice(node, path);
      case 'bill/payment':
        return validateMxCfdiPayment(node, path);
      // The validation walk reaches the complements of any bill or status line (complements.ts).
      case FUEL_ACCOUNT_BALANCE:
        return validateFuelAccountBalance(node, path);
      case FOOD_VOUCHERS:
        return validateFoodVouchers(node, path);
      case 'pay/instructions':
        return validatePaymentMeans(node, path, 'GOBL-MX-CFDI-PAY-INSTRUCTIONS');
      case 'pay/record':
        return validatePaymentMeans(node, path, 'GOBL-MX-CFDI-PAY-RECORD');
      case 'pay/terms':
        return validateTerms(node, path);
      default:
        return [];
    }
  },
};
