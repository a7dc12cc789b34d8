import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { accepted, refused } from './setting';
import { custom } from './setting-kinds';

export const EINVOICE_ARTEFACTS_DIR = custom<string | undefined>({
  name: 'EINVOICE_ARTEFACTS_DIR',
  type: 'path',
  description:
    'folder of the official e-invoice validation artefacts (the UBL 2.1 and CII D16B XML Schemas, the EN 16931, Peppol BIS ' +
    'Billing 3.0 and XRechnung Schematron rules), laid out as `npm run fetch:artefacts` fills it. `POST /silo/v1/formats/validate` ' +
    'needs it and answers 503 naming this setting without it; writing documents in a format never does. The rules are ' +
    'compiled when the service starts (a minute, once) and kept in `DATA_DIR` (`einvoice-rules`)',
  defaultText: 'none: validation is off',
  parse: (text) => {
    const dir = path.resolve(text);
    return existsSync(dir) && statSync(dir).isDirectory()
      ? accepted(dir)
      : refused(`EINVOICE_ARTEFACTS_DIR must be a folder, got "${text}" (fill one with npm run fetch:artefacts)`);
  },
});

export const FORMAT_SETTINGS = [EINVOICE_ARTEFACTS_DIR];
