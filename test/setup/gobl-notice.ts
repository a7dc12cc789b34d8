import { findGoblDir, HOW_TO_GET_GOBL } from '../../scripts/gobl-fixtures';

/** Once per run: one line saying how to get GOBL's examples when they are absent (the tests needing them skip). */
export default function goblNotice(): void {
  if (!findGoblDir()) process.stdout.write(`\n${HOW_TO_GET_GOBL}\n`);
}
