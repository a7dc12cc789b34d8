import { readCorrectionOptions } from '../../../../src/domain/entries/model/correction-options';

describe('readCorrectionOptions', () => {
  test.each([
    [{ credit: true }, 'credit-note'],
    [{ debit: true }, 'debit-note'],
    [{ corrective: true }, 'corrective'],
    [{ type: 'credit-note' }, 'credit-note'],
    [{ type: 'debit-note', debit: true }, 'debit-note'],
    [{ credit: false, debit: true }, 'debit-note'],
  ])('%j gives the type %s', (correct, type) => {
    expect(readCorrectionOptions(correct)).toEqual({ options: expect.objectContaining({ type }) });
  });

  test('every GOBL option is read', () => {
    const correct = {
      type: 'credit-note',
      reason: 'refund',
      series: 'R',
      issue_date: '2024-02-29',
      stamps: [{ prv: 'sat-uuid', val: 'abc' }],
      ext: { 'es-tbai-correction': 'R2' },
      copy_tax: true,
      unknown_member: 'ignored, as GOBL does',
    };
    expect(readCorrectionOptions(correct)).toEqual({
      options: {
        type: 'credit-note',
        reason: 'refund',
        series: 'R',
        issueDate: '2024-02-29',
        stamps: [{ prv: 'sat-uuid', val: 'abc' }],
        ext: { 'es-tbai-correction': 'R2' },
        copyTax: true,
      },
    });
  });

  test.each([
    [{}, 'type', 'is required'],
    [{ credit: false }, 'type', 'is required'],
    [{ credit: true, debit: true }, 'type', 'more than one'],
    [{ credit: true, type: 'debit-note' }, 'type', 'more than one'],
    [{ type: 'standard' }, 'type', 'must be one of'],
    [{ credit: 'yes' }, 'credit', 'true or false'],
    [{ credit: true, issue_date: '2023-02-29' }, 'issue_date', 'date'],
    [{ credit: true, issue_date: 'today' }, 'issue_date', 'date'],
    [{ credit: true, reason: 5 }, 'reason', 'string'],
    [{ credit: true, stamps: [{ prv: 'x' }] }, 'stamps', 'list of stamps'],
    [{ credit: true, stamps: { prv: 'x', val: 'y' } }, 'stamps', 'list of stamps'],
    [{ credit: true, ext: { a: 1 } }, 'ext', 'extension codes'],
    [{ credit: true, copy_tax: 'no' }, 'copy_tax', 'true or false'],
  ])('%j is refused at %s', (correct, field, message) => {
    const read = readCorrectionOptions(correct as any);
    expect(read).toEqual({ problems: expect.objectContaining({ [field]: expect.stringContaining(message) }) });
  });
});
