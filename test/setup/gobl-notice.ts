import { findGoblDir, HOW_TO_GET_GOBL } from '../../scripts/gobl-fixtures';
import { EINVOICE_DIR, HOW_TO_GET_EINVOICE } from '../helpers/einvoice-dir';

/** Once per run: one line for each set of published data that is absent (GOBL's examples, the e-invoice artefacts): the tests needing it skip. */
export default function goblNotice(): void {
  if (!findGoblDir()) process.stdout.write(`\n${HOW_TO_GET_GOBL}\n`);
  if (!EINVOICE_DIR) process.stdout.write(`\n${HOW_TO_GET_EINVOICE}\n`);
}
