import { Writable } from 'node:stream';
import { QueryFailedError } from 'typeorm';
import { createLogger } from '../src/logger';

/** What reaches a log line when a database statement fails under a request. */
function logged(error: unknown): string {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  createLogger('info', sink).error({ err: error }, 'request failed');
  return text;
}

describe('logged errors', () => {
  const marker = 'Confidential Customer 7431';
  const statement = 'INSERT INTO `entries`(`id`, `data`) VALUES (?, ?)';

  test('a failed insert is logged with its message and code, without the statement or the document it carried', () => {
    const driverError = Object.assign(new Error('Data too long for column'), {
      code: 'ER_DATA_TOO_LONG',
      errno: 1406,
      sql: `INSERT INTO entries VALUES ('1', '{"name":"${marker}"}')`,
      sqlMessage: 'Data too long for column',
    });
    const text = logged(new QueryFailedError(statement, ['1', `{"name":"${marker}"}`], driverError));
    const line = JSON.parse(text);
    expect(text).not.toContain(marker);
    expect(text).not.toContain('INSERT');
    expect(line.err.message).toContain('Data too long');
    expect(line.err.type).toBe('QueryFailedError');
    expect(line.err.driverError.code).toBe('ER_DATA_TOO_LONG');
    expect(line.err.driverError.message).toContain('Data too long');
    expect(line.err.stack).toEqual(expect.any(String));
  });

  test('other errors keep their own fields', () => {
    const line = JSON.parse(logged(Object.assign(new Error('boom'), { code: 'E_SOMETHING', detail: { part: 'x' } })));
    expect(line.err).toMatchObject({ message: 'boom', code: 'E_SOMETHING', detail: { part: 'x' } });
  });
});
