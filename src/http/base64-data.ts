import { badInput } from '../domain/errors';
import { contentOf, type FileContent } from '../domain/file-content';
import { fileTooLarge } from './file-upload';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a JSON upload's base64 member (`data`), as a content: whitespace is ignored, anything else that is
 * not base64 is 400 naming the member, and bytes over `limit` are 413, counted before they are decoded.
 */
export function base64Content(data: string, limit: number, member = 'data'): FileContent {
  const base64 = data.replace(/\s+/g, '');
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) throw badInput(`${member}: must be base64`, { [member]: 'must be base64' });
  if ((base64.length / 4) * 3 - (base64.match(/=*$/)?.[0].length ?? 0) > limit) throw fileTooLarge(limit);
  return contentOf(Buffer.from(base64, 'base64'));
}
