import { z } from 'zod';
import { LANGUAGE_CODES, type Language } from './languages.ts';

export const languageSchema = z.enum(LANGUAGE_CODES as [Language, ...Language[]]);

/**
 * The runtime configuration that `/platform/dev/config.js` hands the web app before it
 * renders. A deployment changes these without rebuilding the bundle.
 */
export const platformConfigSchema = z.object({
  brand: z.string().min(1),
  apiRoot: z.string(),
  socketUrl: z.string(),
  head: z.string().regex(/^[A-Za-z0-9_-]+$/),
  languages: z.array(z.object({ code: languageSchema, name: z.string().min(1) })).min(1),
  defaultLanguage: languageSchema,
  supportLinks: z.array(z.string().url()),
  timezone: z.string().nullable(),
  /** Demo accounts with public passwords exist: every page says so. */
  demoMode: z.boolean(),
});

export type PlatformConfig = z.infer<typeof platformConfigSchema>;

export { PLATFORM_CONFIG_GLOBAL, PLATFORM_CONFIG_PATH } from './platform-config-script.ts';
