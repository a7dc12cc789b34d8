import type { Get, Setting } from './settings/setting';
import { SETTINGS } from './settings';

/**
 * Settings read from an environment on demand, each once: a variable unset (or blank) takes its default, a bad
 * one its default too, with the problem noted, so that every problem is found in one pass.
 */
export function readSettings(env: NodeJS.ProcessEnv): {
  get: Get;
  isSet: (setting: Setting<unknown>) => boolean;
  problems: () => string[];
} {
  const values = new Map<Setting<unknown>, unknown>();
  const found: { order: number; problem: string }[] = [];
  const note = (setting: Setting<unknown>, problem: string) => found.push({ order: SETTINGS.indexOf(setting), problem });

  const get: Get = <T>(setting: Setting<T>): T => {
    if (values.has(setting)) return values.get(setting) as T;
    const text = env[setting.name]?.trim();
    let value: T;
    if (!text) value = setting.fallback(get);
    else {
      const parsed = setting.parse(text);
      if (parsed.ok) value = parsed.value;
      else {
        for (const problem of parsed.problems) note(setting, problem);
        value = setting.fallback(get);
      }
      values.set(setting, value); // before the check, which may read settings whose defaults read this one
      const problem = parsed.ok ? setting.check?.(value, get) : undefined;
      if (problem) note(setting, problem);
    }
    values.set(setting, value);
    return value;
  };
  // In the order of the declaration, whichever order the settings were read in.
  const problems = () => [...found].sort((a, b) => a.order - b.order).map((f) => f.problem);
  const isSet = (setting: Setting<unknown>) => Boolean(env[setting.name]?.trim());
  return { get, isSet, problems };
}
