import type { AddonDefinition } from '../../tax/addon-def';

/**
 * What Spain's SII and VERI*FACTU share besides their extensions: an invoice's document type (F1, F2, F3 or R5, in
 * the addon's own `docTypeKey`) follows its type and its `simplified` or `replacement` tag, and a correction takes
 * the type over with the taxes.
 */
export function spanishDocTypeRules(docTypeKey: string): Pick<AddonDefinition, 'tags' | 'scenarios' | 'corrections'> {
  return {
    tags: {
      'bill/invoice': ['replacement'],
    },
    scenarios: [
      { schema: 'bill/invoice', types: ['standard'], ext: { [docTypeKey]: 'F1' } },
      { schema: 'bill/invoice', types: ['standard'], tags: ['simplified'], ext: { [docTypeKey]: 'F2' } },
      { schema: 'bill/invoice', types: ['standard'], tags: ['replacement'], ext: { [docTypeKey]: 'F3' } },
      { schema: 'bill/invoice', types: ['corrective', 'credit-note', 'debit-note'], tags: ['simplified'], ext: { [docTypeKey]: 'R5' } },
    ],
    corrections: [{ schema: 'bill/invoice', extensions: [docTypeKey], copyTax: true }],
  };
}
