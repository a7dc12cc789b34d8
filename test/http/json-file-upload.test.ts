import { createHash, randomBytes } from 'node:crypto';
import { DomainError } from '../../src/domain/shared/errors';
import { MAX_FILE_MEMBERS_BYTES, readJsonFileUpload } from '../../src/http/json-file-upload';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const LIMIT = 8 * 1024 * 1024;

/** The upload read from a JSON text: its members, and the decoded bytes when `data` was a string. */
async function read(text: string, limit = LIMIT) {
  const upload = await readJsonFileUpload(Buffer.from(text), limit);
  return { members: upload.members, bytes: upload.content ? Buffer.concat((await upload.content()).chunks) : undefined };
}

async function refusal(text: string, limit = LIMIT): Promise<DomainError> {
  try {
    await read(text, limit);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the JSON form of a file upload', () => {
  test('data is decoded whole across many slices, the other members parsed; hash and size are of the bytes', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 7);
    const upload = await readJsonFileUpload(
      Buffer.from(JSON.stringify({ name: 'a.bin', meta: { a: 'b' }, data: bytes.toString('base64'), size: bytes.length })),
      LIMIT,
    );
    expect(upload.members).toEqual({ name: 'a.bin', meta: { a: 'b' }, size: bytes.length });
    const content = await upload.content!();
    expect(content.size).toBe(bytes.length);
    expect(content.hash).toBe(sha256(bytes));
    expect(Buffer.concat(content.chunks).equals(bytes)).toBe(true);
  });

  test('escapes and whitespace in data are undone, wherever the slices cut (\\/, \\n, \\u0041)', async () => {
    const bytes = randomBytes(1024 * 1024 + 3);
    // Base64 in lines of 76, as MIME writes it, with its slashes escaped, as some JSON writers do.
    const lines = bytes
      .toString('base64')
      .match(/.{1,76}/g)!
      .join('\n');
    const text = JSON.stringify({ data: lines, name: 'x' })
      .replace(/\//g, '\\/')
      .replace(/"data":"A/, '"data":"\\u0041');
    const { members, bytes: decoded } = await read(text);
    expect(members).toEqual({ name: 'x' });
    expect(decoded!.equals(bytes)).toBe(true);
    expect((await read('{"data": "  QUJD RA= ="}')).bytes?.toString()).toBe('ABCD');
  });

  test('empty data is an empty file; no data is a placeholder; data of another type is left for the checks', async () => {
    expect((await read('{"data": ""}')).bytes?.length).toBe(0);
    expect(await read('{"name": "x", "size": 3}')).toEqual({ members: { name: 'x', size: 3 }, bytes: undefined });
    expect(await read('{"data": 5}')).toEqual({ members: { data: 5 }, bytes: undefined });
    expect(await read('{"nested": {"data": "QQ=="}}')).toEqual({ members: { nested: { data: 'QQ==' } }, bytes: undefined });
    expect(await read('[1]')).toEqual({ members: [1], bytes: undefined });
  });

  test.each([
    ['a character outside the alphabet', '{"data": "QUJD!EVG"}'],
    ["base64url's - and _", '{"data": "QU-_"}'],
    ['padding inside', '{"data": "QQ==QUJD"}'],
    ['a length not a multiple of four', '{"data": "QUJDR"}'],
    ['a raw line break (not JSON)', '{"data": "QUJD\nREVG"}'],
    ['a non-ASCII character', '{"data": "QUJDé"}'],
  ])('%s is 400 naming data', async (_what, text) => {
    const error = await refusal(text);
    expect(error.key).toBe('input');
    expect(error.details.fields).toEqual({ data: 'must be base64' });
  });

  test('bad JSON around data is the usual 400, a second data too; a file over the limit is 413', async () => {
    expect((await refusal('{"data": "QUJD",}')).key).toBe('input');
    expect((await refusal('{"data": "QUJD", "data": "QUJD"}')).message).toMatch(/twice|duplicate/i);
    expect((await refusal('{"data": "QUJD" "name": 1}')).key).toBe('input');
    expect((await refusal(JSON.stringify({ data: randomBytes(2000).toString('base64') }), 1000)).key).toBe('payload-too-large');
    expect((await refusal(JSON.stringify({ desc: 'x'.repeat(MAX_FILE_MEMBERS_BYTES), data: '' }))).key).toBe('payload-too-large');
  });
});
