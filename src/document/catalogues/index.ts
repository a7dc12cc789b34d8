import { registerCatalogue } from '../tax/registry';
import cef from './cef.json';
import iso from './iso.json';
import untdid from './untdid.json';

/**
 * The catalogues register their extensions into `tax`, as GOBL's catalogues package does. Their code lists
 * (<name>.json) are written by scripts/generate-catalogues.js from GOBL's data.
 */
for (const catalogue of [untdid, iso, cef]) registerCatalogue(catalogue);
