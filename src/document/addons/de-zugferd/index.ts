import type { Addon } from '../../tax/addon-def';
import { DE_ZUGFERD_V2 } from './def';

/** ZUGFeRD adds no hooks of its own: its rules are those of the addons it requires. */
export const deZugferd: Addon = { def: DE_ZUGFERD_V2 };
