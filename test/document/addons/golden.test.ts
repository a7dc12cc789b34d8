import { addonHooks, applyAddonScenarios } from '../../../src/document/addons';
import type { HookContext } from '../../../src/document/tax/hooks';
import { withGobl } from '../../helpers/golden-examples';
import { clone, goldenCases, normalizeWith, validateWith } from './golden';

/**
 * GOBL's own outputs are fixed points: running the addon normalizers (and the addon scenarios) on
 * them must change nothing, and the addon validators must find nothing, as GOBL validated them.
 */
withGobl.describe('golden examples with addons', () => {
  const cases = goldenCases();

  it('finds the examples', () => {
    expect(cases.length).toBeGreaterThan(60);
  });

  test.each(cases.map((c) => [c.name, c] as const))('%s: normalizers leave the output unchanged', (_name, c) => {
    const doc = clone(c.output);
    const ctx: HookContext = { doc, addons: c.addons };
    normalizeWith(doc, 'bill/invoice', addonHooks(c.addons), ctx);
    expect(doc).toEqual(c.output);
  });

  test.each(cases.map((c) => [c.name, c] as const))('%s: scenarios leave the output unchanged', (_name, c) => {
    const doc = clone(c.output);
    applyAddonScenarios(doc, c.addons);
    expect(doc).toEqual(c.output);
  });

  test.each(cases.map((c) => [c.name, c] as const))('%s: validators find no fault', (_name, c) => {
    const doc = clone(c.output);
    const ctx: HookContext = { doc, addons: c.addons };
    expect(validateWith(doc, 'bill/invoice', addonHooks(c.addons), ctx)).toEqual([]);
  });
});
