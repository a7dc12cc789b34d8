import type { Fault, JsonObject } from '../document';
import { objects, str } from '../document/rules/values';
import { endpointOf, type ElectronicAddress, type PartyRole } from './en16931/semantics';

/**
 * The specification a written document follows: EN 16931 itself, or a CIUS of it (Peppol BIS, XRechnung). A CIUS
 * names itself in the document (BT-24, its business process BT-23), reads the parties' electronic addresses its own
 * way and adds rules of its own; the syntax writers take it as a profile, so a CIUS never needs a writer of its own.
 */
export interface Profile {
  customizationId: string;
  profileId?: string;
  /** A party's electronic address (BT-34, BT-49) as the CIUS reads it. */
  endpoint(party: JsonObject, role: PartyRole): ElectronicAddress | undefined;
  /** What the CIUS asks beyond EN 16931 that the document does not say, as faults naming the rule and the GOBL path. */
  faults(doc: JsonObject): Fault[];
  /** The notes (BT-22) written as one: Peppol takes a single note (PEPPOL-EN16931-R002). */
  singleNote?: boolean;
}

/** EN 16931 itself, with no CIUS: an electronic address only where an inbox gives one. */
export const EN16931_PROFILE: Profile = {
  customizationId: 'urn:cen.eu:en16931:2017',
  endpoint: (party, role) => endpointOf(party, role),
  faults: () => [],
};

/** The notes' texts (BT-22), or all of them as one where the profile takes a single note. */
export function notesOf(doc: JsonObject, profile: Profile): string[] {
  const texts = objects(doc, 'notes')
    .map((note) => str(note, 'text'))
    .filter((text) => text !== '');
  return profile.singleNote && texts.length > 1 ? [texts.join('\n\n')] : texts;
}
