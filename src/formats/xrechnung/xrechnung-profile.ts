import type { Profile } from '../profile';
import { xrechnungEndpoint, xrechnungFaults } from './xrechnung-rules';

const XRECHNUNG_3 = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

/** XRechnung 3.0 in CII: its specification (BT-24), its addresses and its rules. */
export const XRECHNUNG_CII_PROFILE: Profile = { customizationId: XRECHNUNG_3, endpoint: xrechnungEndpoint, faults: xrechnungFaults };

/** XRechnung 3.0 in UBL: as in CII, with the Peppol billing process (BT-23) its UBL documents name. */
export const XRECHNUNG_UBL_PROFILE: Profile = { ...XRECHNUNG_CII_PROFILE, profileId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0' };
