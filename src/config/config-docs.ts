import type { Setting } from './settings/setting';
import { SETTING_GROUPS } from './settings';

/** The page that holds the generated tables, between these markers. */
export const CONFIG_DOCS_FILE = 'docs/configuration.md';
export const CONFIG_DOCS_START = '<!-- config:start -->';
export const CONFIG_DOCS_END = '<!-- config:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function row(setting: Setting<unknown>): string {
  const meaning = setting.readBy ? `read by \`${setting.readBy}\`: ${setting.description}` : setting.description;
  return `| \`${setting.name}\` | ${cell(setting.type)} | ${cell(setting.defaultText)} | ${cell(meaning)} |`;
}

/** Every setting as a markdown table per group, in the declaration's order. */
export function configTables(): string {
  const warning = '<!-- Generated from src/config/settings/ by `npm run docs:config`: edit the declaration, not this table. -->';
  const groups = SETTING_GROUPS.map((group) =>
    [
      `### ${group.title}`,
      ...(group.about ? ['', group.about] : []),
      '',
      '| Variable | Type | Default | Meaning |',
      '|---|---|---|---|',
      ...group.settings.map(row),
    ].join('\n'),
  );
  return [warning, ...groups].join('\n\n');
}

/** The page with its generated part replaced; the text around the markers is kept as written. */
export function withConfigTables(page: string): string {
  const start = page.indexOf(CONFIG_DOCS_START);
  const end = page.indexOf(CONFIG_DOCS_END);
  if (start === -1 || end < start)
    throw new Error(`${CONFIG_DOCS_FILE} needs the markers ${CONFIG_DOCS_START} and ${CONFIG_DOCS_END}, in that order`);
  return `${page.slice(0, start + CONFIG_DOCS_START.length)}\n${configTables()}\n${page.slice(end)}`;
}
