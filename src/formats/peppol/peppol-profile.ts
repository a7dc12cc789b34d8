import type { Profile } from '../profile';
import { peppolEndpoint, peppolFaults } from './peppol-rules';

/** Peppol BIS Billing 3.0 in UBL: its specification (BT-24), its billing process (BT-23), its addresses and its rules. */
export const PEPPOL_PROFILE: Profile = {
  customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
  profileId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
  endpoint: peppolEndpoint,
  faults: peppolFaults,
  singleNote: true,
};
