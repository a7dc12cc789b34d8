import { Value } from '@sinclair/typebox/value';
import fc from 'fast-check';
import { CreateEntryBody, parseCreateEntryInput } from '../../../../src/domain/entries/model/create-entry.input';
import { DomainError } from '../../../../src/domain/shared/errors';
import { withoutNulls } from '../../../../src/domain/shared/shape-check';
import { CreateEntryBody as DescribedCreateEntryBody } from '../../../../src/rest/api-schemas';

const member = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('application/json-patch+json', '0190e8a4-7b1c-7cc0-8f2a-6f4b2c1d9e01', 'sales', {}, []),
);

describe('the create body schema is what checks create bodies', () => {
  test('the OpenAPI description shows the very schema the parser runs', () => {
    expect(DescribedCreateEntryBody).toBe(CreateEntryBody);
  });

  test('a body the schema refuses is refused with 400 naming each member at fault', () => {
    fc.assert(
      fc.property(
        fc.record(
          { data: member, key: member, folder: member, content_type: member, previous_id: member, allow_invalid: member, sign: member },
          { requiredKeys: [] },
        ),
        (body) => {
          const present = Object.fromEntries(
            Object.entries(withoutNulls(body)).filter(([name, value]) => !(value === '' && name !== 'key')),
          );
          if (Value.Check(CreateEntryBody, present)) return;
          let refusal: unknown;
          try {
            parseCreateEntryInput(body);
          } catch (error) {
            refusal = error;
          }
          expect(refusal).toBeInstanceOf(DomainError);
          expect(refusal).toMatchObject({ key: 'input' });
          const wrong = [...Value.Errors(CreateEntryBody, present)].map((e) => e.path.split('/')[1]);
          for (const name of wrong) expect(Object.keys((refusal as DomainError).details.fields ?? {})).toContain(name);
        },
      ),
      { numRuns: 500 },
    );
  });
});
