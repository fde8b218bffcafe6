import { readSetting } from '../platform/storage.ts';

/** The seed names the two themes `daytime` (default) and `night`. */
export type Theme = 'daytime' | 'night';

export const isTheme = (v: unknown): v is Theme => v === 'daytime' || v === 'night';

/** The theme a visit starts in: the browser's pick, else daytime. */
export function firstTheme(): Theme {
  return readSetting('theme', isTheme) ?? 'daytime';
}
