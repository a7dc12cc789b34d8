import type { Addon } from '../../tax/addon-def';
import { FR_FACTURX_V1 } from './def';

/** Factur-X adds no hooks of its own: its rules are those of the addons it requires. */
export const frFacturx: Addon = { def: FR_FACTURX_V1 };
