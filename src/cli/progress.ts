import { Presets, SingleBar } from 'cli-progress';

/** How far a long command has come: counted as it goes, shown as a bar on a terminal and as lines elsewhere. */
export interface Progress {
  /** `count` more done. */
  add(count: number): void;
  /** `done` in all so far. */
  set(done: number): void;
  /** The work has ended: the bar is closed, or a last line written. */
  stop(): void;
}

export interface ProgressOptions {
  /** What is being done, as the line begins: `exporting`, `importing`. */
  what: string;
  /** What is counted, plural: `entries`. */
  unit: string;
  total?: number;
  /** Where it is shown: standard error by default, so standard output stays the command's own (an export's NDJSON). */
  stream?: NodeJS.WriteStream;
  /** Off a terminal, at most one line per this many milliseconds (and one at the end). */
  everyMs?: number;
  /** A terminal or not (tests decide; by default, the stream's own isTTY). */
  terminal?: boolean;
}

const perSecond = (done: number, startedAt: number) => Math.round(done / Math.max(0.001, (Date.now() - startedAt) / 1000));
const grouped = (n: number) => n.toLocaleString('en');

/**
 * A progress display for export, import, seed and migrate-from: a bar with the count, the rate and the time left
 * (cli-progress) on a terminal; elsewhere, a log or a pipe, a line such as `importing: 12,000 of 20,000 entries,
 * 2,400/s` at most every `everyMs` and once at the end, so a long run is never silent and a log is never flooded
 * (a run shorter than one interval writes nothing).
 */
export function progressOf(options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  const { what, unit, total } = options;
  const startedAt = Date.now();
  let done = 0;
  let show: () => void;
  let stop: () => void;
  if (options.terminal ?? stream.isTTY) {
    const format =
      total === undefined
        ? `${what}: {value} ${unit} | {rate}/s`
        : `${what} [{bar}] {value}/{total} ${unit} | {rate}/s | ETA {eta_formatted}`;
    const bar = new SingleBar({ stream, format, etaBuffer: 200, hideCursor: true }, Presets.shades_classic);
    bar.start(total ?? 0, 0, { rate: 0 });
    show = () => {
      if (total !== undefined) bar.setTotal(Math.max(total, done));
      bar.update(done, { rate: perSecond(done, startedAt) });
    };
    stop = () => bar.stop();
  } else {
    const everyMs = options.everyMs ?? 2_000;
    let shownAt = startedAt;
    let shown = false;
    const line = () =>
      `${what}: ${grouped(done)}${total === undefined ? '' : ` of ${grouped(total)}`} ${unit}, ${grouped(perSecond(done, startedAt))}/s\n`;
    show = () => {
      if (Date.now() - shownAt < everyMs) return;
      shownAt = Date.now();
      shown = true;
      stream.write(line());
    };
    // A run shorter than one interval stays quiet (its command says what it did); a longer one ends with its count.
    stop = () => {
      if (shown) stream.write(line());
    };
  }
  return {
    add: (count) => {
      done += count;
      show();
    },
    set: (value) => {
      done = value;
      show();
    },
    stop: () => stop(),
  };
}
