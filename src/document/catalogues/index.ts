import { registerCatalogue } from '../tax/registry';
import { CEF_CATALOGUE } from './cef';
import { ISO_CATALOGUE } from './iso';
import { UNTDID_CATALOGUE } from './untdid';

/** The catalogues register their extensions into `tax`, as GOBL's catalogues package does. */
for (const catalogue of [UNTDID_CATALOGUE, ISO_CATALOGUE, CEF_CATALOGUE]) registerCatalogue(catalogue);
