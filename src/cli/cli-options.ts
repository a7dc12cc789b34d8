import { parseArgs } from 'node:util';

/** `--name value` on a command line: the value after the flag, or undefined when the flag is absent. */
export function optionValue(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

/** One flag of a command: `--name VALUE` (string) or `--name` alone (boolean). */
export interface CommandOption {
  type: 'string' | 'boolean';
  /** What the flag's value is, as `--help` shows it (`NAME`, `FILE`). */
  value?: string;
  description: string;
}

/** A command-line program: how it is called, what it does, and its flags. */
export interface CommandSpec<O extends Record<string, CommandOption>> {
  usage: string;
  description: string;
  options: O;
}

export type CommandValues<O extends Record<string, CommandOption>> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string;
};

/** What `--help` prints: the usage line, the description, and one line per flag. */
export function helpText(spec: CommandSpec<Record<string, CommandOption>>): string {
  const flags = Object.entries(spec.options).map(([name, option]) => [
    `--${name}${option.value ? ` ${option.value}` : ''}`,
    option.description,
  ]);
  flags.push(['--help', 'show this help and exit']);
  const width = Math.max(...flags.map(([flag]) => flag.length));
  return `usage: ${spec.usage}\n\n${spec.description}\n\noptions:\n${flags.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`).join('\n')}\n`;
}

/** Why a command line was refused: exits 2 with the message and the usage line. */
export class CommandLineError extends Error {}

/**
 * The flags of a command line, parsed strictly by `node:util`'s parseArgs: an unknown flag, a flag without its
 * value or a stray argument is refused with a CommandLineError naming it, never read as something else.
 * `help` is true when `--help` (or `-h`) was given.
 */
export function parseFlags<O extends Record<string, CommandOption>>(
  spec: CommandSpec<O>,
  args: readonly string[],
): { values: CommandValues<O>; help: boolean } {
  const options = Object.fromEntries(Object.entries(spec.options).map(([name, option]) => [name, { type: option.type }]));
  try {
    const { values } = parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    const { help, ...rest } = values as Record<string, unknown>;
    for (const [name, value] of Object.entries(rest)) {
      if (typeof value === 'string' && value.startsWith('--'))
        throw new CommandLineError(`option '--${name}' needs a value, not '${value}'`);
    }
    return { values: rest as CommandValues<O>, help: help === true };
  } catch (error) {
    if (error instanceof CommandLineError) throw error;
    throw new CommandLineError((error as Error).message);
  }
}

/**
 * The flags of this process's command line for `spec`: on `--help` prints the help and exits 0; on a refused
 * command line prints why and the usage line, and exits 2 (as a command that was called wrongly does).
 */
export function commandFlags<O extends Record<string, CommandOption>>(
  spec: CommandSpec<O>,
  args: readonly string[] = process.argv.slice(2),
): CommandValues<O> {
  try {
    const { values, help } = parseFlags(spec, args);
    if (help) {
      process.stdout.write(helpText(spec));
      process.exit(0);
    }
    return values;
  } catch (error) {
    if (!(error instanceof CommandLineError)) throw error;
    return refuseCommandLine(spec, error.message);
  }
}

/** Ends the process as a command called wrongly: why, the usage line, exit code 2. */
export function refuseCommandLine(spec: CommandSpec<Record<string, CommandOption>>, why: string): never {
  process.stderr.write(`${why}\nusage: ${spec.usage} (--help for more)\n`);
  process.exit(2);
}
