import { optionValue } from '../src/cli-options';

describe('optionValue', () => {
  const args = ['--workspace', 'acme', '--file', '-', '--count'];
  test('the value after the flag, "-" included', () => {
    expect(optionValue(args, 'workspace')).toBe('acme');
    expect(optionValue(args, 'file')).toBe('-');
  });
  test('undefined when the flag is absent or has no value after it', () => {
    expect(optionValue(args, 'batch')).toBeUndefined();
    expect(optionValue(args, 'count')).toBeUndefined();
    expect(optionValue(args, 'acme')).toBeUndefined();
  });
});
