import type { JsonObject } from '../document/base/types';
import { labelOf, objectAt, objectsAt, stringAt } from './json-read';
import type { TextFormat } from './text-format';
import type { TextSection } from './view-model';

function termsLines(terms: JsonObject, format: TextFormat): string[] {
  const lines: string[] = [];
  const head = [stringAt(terms.key) && labelOf(terms.key as string), stringAt(terms.detail)].filter(Boolean).join(': ');
  if (head) lines.push(head);
  for (const due of objectsAt(terms.due_dates)) {
    const amount = stringAt(due.amount) ? format.money(due.amount) : '';
    const percent = stringAt(due.percent) ? ` (${format.percent(due.percent)})` : '';
    lines.push([`Due ${format.date(due.date)}`, amount && `${amount}${percent}`, stringAt(due.notes)].filter(Boolean).join(': '));
  }
  if (stringAt(terms.notes)) lines.push(terms.notes as string);
  return lines;
}

function instructionsLines(instructions: JsonObject): string[] {
  const lines: string[] = [];
  const head = [stringAt(instructions.key) && labelOf(instructions.key as string), stringAt(instructions.detail)]
    .filter(Boolean)
    .join(': ');
  if (head) lines.push(head);
  if (stringAt(instructions.ref)) lines.push(`Reference: ${instructions.ref}`);
  for (const transfer of objectsAt(instructions.credit_transfer)) {
    const account = [
      stringAt(transfer.iban) && `IBAN ${transfer.iban}`,
      stringAt(transfer.number) && `Account ${transfer.number}`,
      stringAt(transfer.bic) && `BIC ${transfer.bic}`,
    ];
    lines.push([stringAt(transfer.name), ...account].filter(Boolean).join(', '));
  }
  const card = objectAt(instructions.card);
  if (card)
    lines.push(
      ['Card', stringAt(card.first6) && `${card.first6}…`, stringAt(card.last4) && `…${card.last4}`, stringAt(card.holder)]
        .filter(Boolean)
        .join(' '),
    );
  const debit = objectAt(instructions.direct_debit);
  if (debit)
    lines.push(
      [
        'Direct debit',
        stringAt(debit.ref) && `mandate ${debit.ref}`,
        stringAt(debit.creditor) && `creditor ${debit.creditor}`,
        stringAt(debit.account) && `account ${debit.account}`,
      ]
        .filter(Boolean)
        .join(', '),
    );
  for (const online of objectsAt(instructions.online))
    lines.push([stringAt(online.label), stringAt(online.url)].filter(Boolean).join(': '));
  return lines;
}

/** A bill document's payment: terms with their due dates, instructions, and advances already paid. */
export function paymentSections(payment: JsonObject | undefined, format: TextFormat): TextSection[] {
  if (!payment) return [];
  const sections: TextSection[] = [];
  const terms = objectAt(payment.terms);
  if (terms) sections.push({ title: 'Payment terms', lines: termsLines(terms, format) });
  const instructions = objectAt(payment.instructions);
  if (instructions) sections.push({ title: 'Payment instructions', lines: instructionsLines(instructions) });
  const advances = objectsAt(payment.advances).map((advance) =>
    [
      stringAt(advance.date) && format.date(advance.date),
      stringAt(advance.description),
      stringAt(advance.amount) && format.money(advance.amount),
    ]
      .filter(Boolean)
      .join(': '),
  );
  if (advances.length > 0) sections.push({ title: 'Advances', lines: advances });
  return sections.filter((section) => section.lines.length > 0);
}
