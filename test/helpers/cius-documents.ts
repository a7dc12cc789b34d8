/**
 * A document of EINVOICES made fit for the CIUSes of EN 16931 (Peppol BIS, XRechnung), which ask more of it: both
 * parties reachable at an electronic address (an inbox), the buyer's reference, and the seller's contact with a
 * person's name, a telephone and an e-mail. What the document already says is kept.
 */

type Doc = Record<string, unknown>;
type Party = Record<string, unknown> & { tax_id?: { country?: string; code?: string } };

/** The seller's Peppol address: a GLN (scheme 0088), written as Peppol writes participants, scheme and code in one. */
export const SUPPLIER_GLN = '4000001123452';

/** The EAS codes of the VAT numbers of the countries the test documents' buyers are in. */
const VAT_SCHEMES: Record<string, string> = { ES: '9920', DE: '9930' };

/** A buyer reachable at its VAT number, given as an inbox with its scheme. */
function withBuyerInbox(customer: Party): Party {
  if (customer.inboxes) return customer;
  const { country = '', code = '' } = customer.tax_id ?? {};
  return { ...customer, inboxes: [{ scheme: VAT_SCHEMES[country], code: `${country}${code}` }] };
}

export function fitForCius(doc: Doc): Doc {
  const supplier = doc.supplier as Party;
  return {
    ...doc,
    supplier: {
      inboxes: [{ key: 'peppol', code: `0088:${SUPPLIER_GLN}` }],
      people: [{ name: { given: 'Marta', surname: 'Ruiz' } }],
      telephones: [{ num: '+34 910 000 000' }],
      ...supplier,
    },
    customer: withBuyerInbox(doc.customer as Party),
    ordering: { code: 'LW-991-12345-67', ...(doc.ordering as Doc | undefined) },
  };
}
