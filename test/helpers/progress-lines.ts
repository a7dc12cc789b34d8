/**
 * What a command wrote to stderr without its progress lines (src/cli/progress.ts: one every two seconds off a terminal,
 * so a run slowed by a loaded machine may write some where a quick one writes none).
 */
export const withoutProgress = (stderr: string): string =>
  stderr
    .split('\n')
    .filter((line) => !/^(seeding|importing|exporting|backing up): [\d,]+( of [\d,]+)? \S+, [\d,]+\/s$/.test(line))
    .join('\n');
