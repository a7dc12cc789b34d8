import { ERROR_DETAIL_LIMITS, faultFields, faultSummary, pathSegments, validationError } from '../../../src/domain/documents/faults';

describe('fault reporting', () => {
  test('paths split into segments, array positions as strings', () => {
    expect(pathSegments('$.doc.lines[0].item.price')).toEqual(['doc', 'lines', '0', 'item', 'price']);
    expect(pathSegments('$')).toEqual([]);
  });

  test('fields nest from data, through the envelope, down to the field', () => {
    const fields = faultFields([
      { code: 'GOBL-BILL-INVOICE-06', message: 'is required', paths: ['$.doc.supplier.name'] },
      { code: 'X-1', message: 'must be positive', paths: ['$.doc.lines[0].quantity', '$.doc.lines[2].quantity'] },
    ]);
    expect(fields).toEqual({
      data: {
        doc: {
          supplier: { name: 'is required' },
          lines: { '0': { quantity: 'must be positive' }, '2': { quantity: 'must be positive' } },
        },
      },
    });
  });

  test('the first message standing at or above a place wins', () => {
    const fields = faultFields([
      { code: 'A', message: 'is not valid', paths: ['$.doc.supplier'] },
      { code: 'B', message: 'is required', paths: ['$.doc.supplier.name'] },
    ]);
    expect(fields).toEqual({ data: { doc: { supplier: 'is not valid' } } });
  });

  test('the validation error carries key, message, fields and provider-tagged faults', () => {
    const error = validationError([{ code: 'GOBL-BILL-INVOICE-06', message: 'is required', paths: ['$.doc.supplier.name'] }]);
    expect(error.key).toBe('validation');
    expect(error.message).toBe('supplier.name: is required');
    expect(error.details.faults).toEqual([
      { provider: 'gobl', code: 'GOBL-BILL-INVOICE-06', message: 'is required', paths: ['$.doc.supplier.name'] },
    ]);
    expect(faultSummary([])).toBe('');
  });

  test('the error of a document with very many faults stays bounded, and says how many there were', () => {
    const linePaths = Array.from({ length: 5000 }, (_, i) => `$.doc.lines[${i}].item`);
    const faults = [
      { code: 'ITEM', message: 'is required', paths: linePaths },
      ...Array.from({ length: 30 }, (_, i) => ({ code: `C${i}`, message: 'is wrong', paths: [`$.doc.notes[${i}].text`] })),
    ];
    const error = validationError(faults);
    const [first, ...rest] = error.details.faults!;
    expect(first.paths).toHaveLength(ERROR_DETAIL_LIMITS.paths);
    expect(first.message).toBe(`is required (at 5000 paths; the first ${ERROR_DETAIL_LIMITS.paths} are listed)`);
    expect(rest).toHaveLength(30);
    const lines = ((error.details.fields!.data as Record<string, any>).doc.lines ?? {}) as Record<string, unknown>;
    expect(Object.keys(lines)).toHaveLength(ERROR_DETAIL_LIMITS.paths);
    expect(error.message.split('; ')).toHaveLength(ERROR_DETAIL_LIMITS.summary + 1);
    expect(error.message).toMatch(/; and 11 more$/);
  });
});
