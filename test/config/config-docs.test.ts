import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_DOCS_END, CONFIG_DOCS_FILE, CONFIG_DOCS_START, configTables, withConfigTables } from '../../src/config/config-docs';
import { readSettings } from '../../src/config/read-settings';
import { SETTINGS } from '../../src/config/settings';
import { SQLITE_PAGE_SIZE } from '../../src/config/settings/database';
import { SQLITE_PAGE_SIZE as STORAGE_PAGE_SIZE } from '../../src/storage/data-source';

const page = readFileSync(path.join(__dirname, '../..', CONFIG_DOCS_FILE), 'utf8');

describe(CONFIG_DOCS_FILE, () => {
  test('its tables are what the declaration of the settings generates (else run `npm run docs:config`)', () => {
    expect(withConfigTables(page)).toBe(page);
  });

  test('every declared variable has its row, once', () => {
    const generated = page.slice(page.indexOf(CONFIG_DOCS_START), page.indexOf(CONFIG_DOCS_END));
    for (const setting of SETTINGS) expect(generated.split(`\n| \`${setting.name}\` |`)).toHaveLength(2);
  });

  test('a page without its markers is refused rather than written whole', () => {
    expect(() => withConfigTables('# Configuration\n')).toThrow(/needs the markers/);
    expect(configTables()).toContain('| Variable | Type | Default | Meaning |');
  });
});

describe('the declaration of the settings', () => {
  test('each variable is declared once, named in capitals, with a type, a default and a meaning', () => {
    const names = SETTINGS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const setting of SETTINGS) {
      expect(setting.name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect([setting.type, setting.defaultText, setting.description].every((text) => text.trim().length > 0)).toBe(true);
    }
  });

  // A default shown as one literal is read by the setting's own parser, so the docs cannot show one value while the service uses another.
  test.each(SETTINGS.filter((s) => /^`[^`]+`/.test(s.defaultText)).map((s) => [s.name, s] as const))(
    '%s: the default shown is the one taken',
    (_name, setting) => {
      const shown = /^`([^`]+)`/.exec(setting.defaultText)![1];
      const parsed = setting.parse(shown);
      const unset = setting === SQLITE_PAGE_SIZE ? STORAGE_PAGE_SIZE : readSettings({}).get(setting);
      expect(parsed).toEqual({ ok: true, value: unset });
    },
  );

  test("a bad value's problem names the variable", () => {
    for (const setting of SETTINGS) {
      const parsed = setting.parse('\u0000 not a value \u0000');
      if (!parsed.ok) for (const problem of parsed.problems) expect(problem).toContain(setting.name);
    }
  });
});
