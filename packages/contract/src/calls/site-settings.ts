import { z } from 'zod';
import { defineCall } from '../define.ts';
import { languageSchema } from '../platform-config.ts';

// Site settings are content (operators edit them with the content permission, the
// content module serves them), in a module of their own: every page's first visit reads
// them, and the rest of the content calls' schemas would come along.

/** The site settings an operator edits; the web app reads them at run time. */
export const siteSettingsSchema = z.object({
  brand: z.string().trim().min(1).max(60),
  /** An image URL (an upload, a path of the app or https); empty: the brand's text. */
  logoUrl: z.string().max(500),
  /** Images by code, for pages that show a configured picture. */
  images: z.record(z.string().regex(/^[a-zA-Z0-9_.-]{1,40}$/), z.string().max(500)),
  /** Customer-service links; the first opens from the header's button. */
  supportLinks: z.array(z.url({ protocol: /^https?$/ }).max(500)).max(10),
  /**
   * The display currency of a first visit: a code pins it for everyone (for example CNY);
   * empty, each visitor's language decides (USD for English, EUR for German, ...).
   */
  defaultCurrency: z.union([z.literal(''), z.string().regex(/^[A-Z]{3}$/)]),
  /** The language of a first visit (a visitor's own choice then stays). */
  defaultLanguage: languageSchema,
  /** Switches for parts of the pages: `banners`, `hotIssues`, `beginnerGuide`, `announcements`. */
  features: z.record(z.string().regex(/^[a-zA-Z]{1,40}$/), z.boolean()),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const getAllSetting = defineCall({
  method: 'POST',
  path: '/api/common/getAllSetting',
  summary:
    'The site settings: brand, logo, images by code, support links, default currency and language, feature switches',
  tags: ['content'],
  auth: 'public',
  data: siteSettingsSchema,
});
