import type { RegimeFigures } from '../../tax/regime-def';
import data from './figures.json';

/** Tax regime figures for AR: figures.json, written by scripts/generate-regimes.js from GOBL's data. */
export const figures = data as RegimeFigures;
