import { documentTypeOf } from '../../../document';

const FOLDER_BY_TYPE: Record<string, string> = {
  'bill/invoice': 'sales',
  'bill/order': 'orders',
  'bill/delivery': 'deliveries',
  'bill/payment': 'payments',
  'bill/status': 'statuses',
  'org/party': 'parties',
  'org/item': 'items',
  'note/message': 'messages',
};

export const FOLDER_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** The folder an entry goes to when the request names none. */
export function folderForSchema(schema: string): string {
  const type = documentTypeOf(schema);
  return (type && FOLDER_BY_TYPE[type]) ?? 'other';
}
