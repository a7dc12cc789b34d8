// The engine's public entry. Importing the regimes and the addons registers them (and the catalogues) into `tax`
// for every user of the engine.
import './regimes';

export { isEnvelope, processDocument } from './pipeline/process-document';
export * from './base/types';
export { documentTypeOf, ENVELOPE_SCHEMA } from './base/schemas';
export type { DocumentType } from './base/schemas';
