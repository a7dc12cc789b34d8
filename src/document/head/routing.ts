import { isObject, objects, str, strings } from '../base/json';
import type { JsonObject } from '../base/types';

/** The URI of a party's first endpoint. */
function firstEndpoint(party: unknown): string | undefined {
  if (!isObject(party)) return undefined;
  const ep = objects(party.endpoints)[0];
  return ep ? str(ep.uri) || undefined : undefined;
}

/**
 * Who sends and who receives the document, from the parties' endpoints: the header's `from` and `to`
 * when the upload did not set them. Which party is which depends on the document type.
 */
export function routingOf(doc: JsonObject): { from?: string; to?: string } {
  const schema = str(doc.$schema).replace(/^.*draft-0\//, '');
  const type = str(doc.type);
  const supplier = firstEndpoint(doc.supplier);
  const customer = firstEndpoint(doc.customer);
  switch (schema) {
    case 'bill/invoice':
      return strings(doc.$tags).includes('self-billed') ? { from: customer, to: supplier } : { from: supplier, to: customer };
    case 'bill/order':
      return type === 'purchase' ? { from: customer, to: supplier } : { from: supplier, to: customer };
    case 'bill/payment':
      return type === 'advice' ? { from: customer, to: supplier } : { from: supplier, to: customer };
    case 'bill/delivery': {
      const despatcher = firstEndpoint(doc.despatcher) ?? supplier;
      const receiver = firstEndpoint(doc.receiver) ?? customer;
      return type === 'receipt' ? { from: receiver, to: despatcher } : { from: despatcher, to: receiver };
    }
    case 'bill/status':
      if (type === 'response') return { from: customer, to: supplier };
      if (type === 'update') return { from: supplier, to: customer };
      return {};
    default:
      return {};
  }
}
