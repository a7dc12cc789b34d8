import { arArca } from './ar-arca';
import { brNfe } from './br-nfe';
import { brNfse } from './br-nfse';
import { coDian } from './co-dian';
import { deXrechnung } from './de-xrechnung';
import { DE_ZUGFERD_V2 } from './defs/de-zugferd-v2';
import { FR_FACTURX_V1 } from './defs/fr-facturx-v1';
import { esFacturae } from './es-facturae';
import { esSii } from './es-sii';
import { esTbai } from './es-tbai';
import { esVerifactu } from './es-verifactu';
import { euEn16931 } from './eu-en16931';
import { frChoruspro } from './fr-choruspro';
import { grMydata } from './gr-mydata';
import { itSdi } from './it-sdi';
import { itTicket } from './it-ticket';
import { mxCfdi } from './mx-cfdi';
import { plFavat } from './pl-favat';
import { ptSaft } from './pt-saft';
import { saZatca } from './sa-zatca';
import type { Addon } from './types';

/**
 * Every addon, in the order GOBL registers them: its own, then those of separate modules the
 * hosted service links (gobl.br.nfe, gobl.br.nfse, gobl.pt.saft, gobl.sa.zatca), which register after GOBL's. On any one node GOBL runs the normalizers of the
 * active addons in this order. EN 16931 registers before the German addons because they import it.
 */
export const addonList: Addon[] = [
  arArca,
  coDian,
  euEn16931,
  deXrechnung,
  { def: DE_ZUGFERD_V2 },
  esFacturae,
  esSii,
  esTbai,
  esVerifactu,
  frChoruspro,
  { def: FR_FACTURX_V1 },
  grMydata,
  itSdi,
  itTicket,
  plFavat,
  mxCfdi,
  brNfe,
  brNfse,
  ptSaft,
  saZatca,
];
