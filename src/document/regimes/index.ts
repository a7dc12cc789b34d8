import { registerRegime } from '../tax/registry';
import { ae } from './ae';
import { ar } from './ar';
import { at } from './at';
import { be } from './be';
import { br } from './br';
import { ca } from './ca';
import { ch } from './ch';
import { co } from './co';
import { de } from './de';
import { dk } from './dk';
import { el } from './el';
import { es } from './es';
import { fi } from './fi';
import { fr } from './fr';
import { gb } from './gb';
import { ie } from './ie';
import { in_ } from './in';
import { it } from './it';
import { mx } from './mx';
import { nl } from './nl';
import { no } from './no';
import { pl } from './pl';
import { pt } from './pt';
import { sa } from './sa';
import { se } from './se';
import { sg } from './sg';
import { us } from './us';

/** Every regime registers into `tax`, in GOBL's (alphabetical) order. Adding a country: one folder and one entry here. */
for (const regime of [ae, ar, at, be, br, ca, ch, co, de, dk, el, es, fi, fr, gb, ie, in_, it, mx, nl, no, pl, pt, sa, se, sg, us]) {
  registerRegime(regime);
}

export { allRegimes, regimeFor } from '../tax/registry';
export { regimeHooks } from './hooks';
