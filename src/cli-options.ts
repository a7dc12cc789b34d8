/** `--name value` on a command line: the value after the flag, or undefined when the flag is absent. */
export function optionValue(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}
