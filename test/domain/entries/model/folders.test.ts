import { FOLDER_PATTERN, folderForSchema } from '../../../../src/domain/entries/model/folders';

describe('folderForSchema', () => {
  test.each([
    ['bill/invoice', 'sales'],
    ['bill/order', 'orders'],
    ['bill/delivery', 'deliveries'],
    ['bill/payment', 'payments'],
    ['bill/status', 'statuses'],
    ['org/party', 'parties'],
    ['org/item', 'items'],
    ['note/message', 'messages'],
    ['tax/identity', 'other'],
  ])('%s goes to %s', (type, folder) => {
    expect(folderForSchema(`https://gobl.org/draft-0/${type}`)).toBe(folder);
  });

  test('an unknown schema goes to other', () => {
    expect(folderForSchema('https://example.com/thing')).toBe('other');
  });

  test.each([
    ['sales', true],
    ['a', true],
    ['0-x_y', true],
    ['_x', false],
    ['Sales', false],
    ['', false],
    ['a'.repeat(65), false],
  ])('folder name %p valid: %p', (name, valid) => {
    expect(FOLDER_PATTERN.test(name)).toBe(valid);
  });
});
