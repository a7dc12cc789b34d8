import { findGoblDir, HOW_TO_GET_GOBL } from '../../scripts/gobl-fixtures';
import { CONVERTER_FIXTURES_DIR, HOW_TO_GET_CONVERTER_FIXTURES } from '../helpers/converter-dir';
import { EINVOICE_DIR, HOW_TO_GET_EINVOICE } from '../helpers/einvoice-dir';
import { EXAMPLE_FIXTURES_DIR, HOW_TO_GET_EXAMPLE_FIXTURES } from '../helpers/example-fixtures';

/**
 * Once per run: one line for each set of published data that is absent (GOBL's examples, the e-invoice artefacts,
 * GOBL's converters' examples, the Peppol and XRechnung examples): the tests needing it skip.
 */
export default function goblNotice(): void {
  if (!findGoblDir()) process.stdout.write(`\n${HOW_TO_GET_GOBL}\n`);
  if (!EINVOICE_DIR) process.stdout.write(`\n${HOW_TO_GET_EINVOICE}\n`);
  if (!CONVERTER_FIXTURES_DIR) process.stdout.write(`\n${HOW_TO_GET_CONVERTER_FIXTURES}\n`);
  if (!EXAMPLE_FIXTURES_DIR) process.stdout.write(`\n${HOW_TO_GET_EXAMPLE_FIXTURES}\n`);
}
