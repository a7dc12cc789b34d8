import type { JsonObject } from '../document/base/types';
import type { PartyBlock } from './view-model';
import { objectAt, objectsAt, stringAt } from './json-read';

/** A tax id as people write it: country, then code (`ES B98602642`). */
export function taxIdText(party: JsonObject): string | undefined {
  const taxId = objectAt(party.tax_id);
  if (!taxId) return undefined;
  const text = [stringAt(taxId.country), stringAt(taxId.code)].filter(Boolean).join(' ');
  return text || undefined;
}

function addressLines(address: JsonObject): string[] {
  const street = [stringAt(address.street), stringAt(address.num)].filter(Boolean).join(' ');
  const town = [stringAt(address.code), stringAt(address.locality)].filter(Boolean).join(' ');
  const lines = [
    stringAt(address.po_box) && `PO Box ${address.po_box}`,
    street,
    stringAt(address.street_extra),
    town,
    stringAt(address.region),
    stringAt(address.country),
  ];
  return lines.filter((line): line is string => Boolean(line));
}

/** A party's block: name, tax id with country, other identities, address lines, emails, telephones, websites. */
export function partyBlock(role: string, party: JsonObject): PartyBlock {
  const lines: string[] = [];
  const taxId = taxIdText(party);
  if (taxId) lines.push(`Tax ID: ${taxId}`);
  for (const identity of objectsAt(party.identities)) {
    const kind = stringAt(identity.label) ?? stringAt(identity.type) ?? stringAt(identity.key) ?? 'ID';
    if (stringAt(identity.code)) lines.push(`${kind}: ${identity.code}`);
  }
  for (const address of objectsAt(party.addresses)) lines.push(...addressLines(address));
  for (const email of objectsAt(party.emails)) if (stringAt(email.addr)) lines.push(email.addr as string);
  for (const phone of objectsAt(party.telephones)) if (stringAt(phone.num)) lines.push(`Tel. ${phone.num}`);
  for (const site of objectsAt(party.websites)) if (stringAt(site.url)) lines.push(site.url as string);
  const name =
    stringAt(party.name) ??
    stringAt(party.alias) ??
    [stringAt(objectAt(objectsAt(party.people)[0]?.name)?.given), stringAt(objectAt(objectsAt(party.people)[0]?.name)?.surname)]
      .filter(Boolean)
      .join(' ');
  return { role, name: name || '—', lines };
}
