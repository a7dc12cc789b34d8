import '../catalogues';
import { registerAddon } from '../tax/registry';
import { arArca } from './ar-arca';
import { brNfe } from './br-nfe';
import { brNfse } from './br-nfse';
import { coDian } from './co-dian';
import { deXrechnung } from './de-xrechnung';
import { deZugferd } from './de-zugferd';
import { esFacturae } from './es-facturae';
import { esSii } from './es-sii';
import { esTbai } from './es-tbai';
import { esVerifactu } from './es-verifactu';
import { euEn16931 } from './eu-en16931';
import { frChoruspro } from './fr-choruspro';
import { frCtcFlow10, frCtcFlow2, frCtcFlow6 } from './fr-ctc';
import { frFacturx } from './fr-facturx';
import { grMydata } from './gr-mydata';
import { itSdi } from './it-sdi';
import { itTicket } from './it-ticket';
import { mxCfdi } from './mx-cfdi';
import { plFavat } from './pl-favat';
import { ptSaft } from './pt-saft';
import { saZatca } from './sa-zatca';

/**
 * Every addon registers into `tax` in the order GOBL registers them: its own, then those of separate
 * modules the hosted service links (gobl.br.nfe, gobl.br.nfse, gobl.fr.ctc, gobl.pt.saft, gobl.sa.zatca), which register after
 * GOBL's. On any one node GOBL runs the normalizers of the active addons in this order. EN 16931
 * registers before the German addons because they import it.
 */
for (const addon of [
  arArca,
  coDian,
  euEn16931,
  deXrechnung,
  deZugferd,
  esFacturae,
  esSii,
  esTbai,
  esVerifactu,
  frChoruspro,
  frFacturx,
  grMydata,
  itSdi,
  itTicket,
  plFavat,
  mxCfdi,
  brNfe,
  brNfse,
  frCtcFlow10,
  frCtcFlow2,
  frCtcFlow6,
  ptSaft,
  saZatca,
]) {
  registerAddon(addon);
}

export * from './active';
export type { Addon, AddonCorrection, AddonDefinition, AddonScenario } from '../tax/addon-def';
export type { ExtensionDefinition } from '../tax/extension-def';
export { addonCorrections, addonFor, expandAddons, extensionCodeValid, extensionDefinition } from '../tax/registry';
export { scenarioMatches, summarizeScenarios, applyScenarioSummary } from './scenarios';
export type { ScenarioSummary } from './scenarios';
