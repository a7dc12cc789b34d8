import { CommandLineError, helpText, optionValue, parseFlags } from '../../src/cli/cli-options';

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

describe('parseFlags and helpText', () => {
  const spec = {
    usage: 'npm run thing -- [--workspace NAME] [--json]',
    description: 'Does a thing.',
    options: {
      workspace: { type: 'string', value: 'NAME', description: 'the workspace' },
      json: { type: 'boolean', description: 'one JSON line' },
    },
  } as const;

  test('known flags are read, --help is noticed', () => {
    expect(parseFlags(spec, ['--workspace', 'acme', '--json'])).toEqual({ values: { workspace: 'acme', json: true }, help: false });
    expect(parseFlags(spec, ['--workspace=acme'])).toEqual({ values: { workspace: 'acme' }, help: false });
    expect(parseFlags(spec, ['--help']).help).toBe(true);
    expect(parseFlags(spec, ['-h']).help).toBe(true);
  });

  test.each([
    [['--workspcae', 'x'], /--workspcae/],
    [['--workspace'], /--workspace/],
    [['--workspace', '--json'], /--workspace/],
    [['stray'], /stray/],
    [['--json=yes'], /--json/],
  ])('%j is refused, naming what is wrong', (args, named) => {
    expect(() => parseFlags(spec, args)).toThrow(CommandLineError);
    expect(() => parseFlags(spec, args)).toThrow(named);
  });

  test('the help lists the usage, the description and every flag with its value', () => {
    const help = helpText(spec);
    expect(help).toContain('usage: npm run thing -- [--workspace NAME] [--json]');
    expect(help).toContain('Does a thing.');
    expect(help).toMatch(/--workspace NAME +the workspace/);
    expect(help).toMatch(/--json +one JSON line/);
    expect(help).toMatch(/--help +show this help/);
  });
});
