import { z } from 'zod';
import { defineCall } from '../define.ts';
import { languageSchema } from '../platform-config.ts';
import { pageOf } from '../paging.ts';
import { siteSettingsSchema } from './site-settings.ts';

/*
 * Content (issue 23): the help centre, announcements, banners, hot issues, the beginner
 * guide, terms of service, dictionaries and the site settings the web app reads at run
 * time. Articles are Markdown; the web app renders them without raw HTML.
 */

/** What an article is: a help-centre article, an announcement, a short FAQ, the terms. */
export const ARTICLE_KINDS = ['help', 'announcement', 'faq', 'terms'] as const;
export const articleKindSchema = z.enum(ARTICLE_KINDS);
export type ArticleKind = z.infer<typeof articleKindSchema>;

/** An id an operator chooses or the server makes: lowercase letters, digits and dashes. */
export const contentIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/);

/** A title per language; English is the fallback every reader gets when theirs is missing. */
export const titlesSchema = z
  .partialRecord(languageSchema, z.string().trim().min(1).max(200))
  .refine((titles) => titles.en !== undefined, { message: 'contentEnglishRequired' });

export const articleSummarySchema = z.object({
  id: z.string(),
  kind: articleKindSchema,
  title: z.string(),
  summary: z.string(),
  /** The language the text is in: the reader's, or English when theirs is missing. */
  lang: languageSchema,
  sectionId: z.string().nullable(),
  hot: z.boolean(),
  guide: z.boolean(),
  /** Publication time (ms): when it went, or goes, public. */
  publishedAt: z.number().int(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const crumbSchema = z.object({ id: z.string(), title: z.string() });

export const articleSchema = articleSummarySchema.extend({
  /** Markdown; rendered without raw HTML. */
  body: z.string(),
  updatedAt: z.number().int(),
  category: crumbSchema.nullable(),
  section: crumbSchema.nullable(),
});
export type Article = z.infer<typeof articleSchema>;

export const sectionSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  title: z.string(),
  articles: z.array(articleSummarySchema),
});
export const categorySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  sections: z.array(sectionSchema),
});
export type HelpCategory = z.infer<typeof categorySchema>;
export type HelpSection = z.infer<typeof sectionSchema>;

export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  /** A path inside the app (`/article/...`) or an https link. */
  link: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const helpCentre = defineCall({
  method: 'GET',
  path: '/api/content/helpCentre',
  summary:
    "The help centre in the caller's language (English where missing): categories, their sections and published articles, the hot issues and the beginner guide",
  tags: ['content'],
  auth: 'public',
  data: z.object({
    categories: z.array(categorySchema),
    hot: z.array(articleSummarySchema),
    guide: z.array(articleSummarySchema),
    faqs: z.array(articleSummarySchema),
  }),
});

export const homeContent = defineCall({
  method: 'GET',
  path: '/api/content/home',
  summary: "The home page's banners, hot issues, beginner guide and latest announcements",
  tags: ['content'],
  auth: 'public',
  data: z.object({
    banners: z.array(bannerSchema),
    hot: z.array(articleSummarySchema),
    guide: z.array(articleSummarySchema),
    announcements: z.array(articleSummarySchema),
  }),
});

export const contentArticle = defineCall({
  method: 'GET',
  path: '/api/content/articles/:type/:id',
  summary: 'One published article of a kind, with its breadcrumb (category and section)',
  tags: ['content'],
  auth: 'public',
  params: z.strictObject({ type: articleKindSchema, id: contentIdSchema }),
  data: articleSchema,
});

export const searchContent = defineCall({
  method: 'GET',
  path: '/api/content/search',
  summary:
    "Full-text search of published articles in the caller's language, falling back to English (SQLite FTS5 or PostgreSQL full-text search)",
  tags: ['content'],
  auth: 'public',
  query: z.strictObject({
    q: z.string().trim().min(1).max(100),
    pageNo: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(10),
  }),
  data: pageOf(articleSummarySchema.extend({ snippet: z.string() })),
});

export const noticeList = defineCall({
  method: 'POST',
  path: '/api/notice/list',
  summary: 'Published announcements, newest first (the announcement centre)',
  tags: ['content'],
  auth: 'public',
  body: z
    .strictObject({
      pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(10),
    })
    .default({ pageNo: 1, pageSize: 10 }),
  data: pageOf(articleSummarySchema),
});

export const helpCenterInfo = defineCall({
  method: 'POST',
  path: '/api/helpCenterInfo/:id',
  summary: 'One published help-centre article (or FAQ) with its breadcrumb',
  tags: ['content'],
  auth: 'public',
  params: z.strictObject({ id: contentIdSchema }),
  data: articleSchema,
});

/** The content tables the generic read API serves (PRODUCT.md 3, `cgform-api`). */
export const CONTENT_FORMS = [
  'announcements',
  'articles',
  'banners',
  'faqs',
  'hot_issues',
] as const;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const cgformGetData = defineCall({
  method: 'GET',
  path: '/api/{head}/cgform-api/getData/:formId',
  summary:
    'Rows of a configured content table: `column` orders (default id), `order` asc or desc (default desc), `pageNo` and `pageSize` page; unknown tables and columns are refused',
  tags: ['content'],
  auth: 'public',
  params: z.strictObject({ formId: z.string().min(1).max(64) }),
  query: z.strictObject({
    column: z.string().min(1).max(64).default('id'),
    order: z.enum(['asc', 'desc']).default('desc'),
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
  }),
  data: pageOf(z.record(z.string(), cell)),
});

export const cgformDetailData = defineCall({
  method: 'GET',
  path: '/api/{head}/cgform-api/detailData/:formId/:id',
  summary: 'One row of a configured content table',
  tags: ['content'],
  auth: 'public',
  params: z.strictObject({ formId: z.string().min(1).max(64), id: z.string().min(1).max(64) }),
  data: z.record(z.string(), cell),
});

/** Seed section 3, language item: `dictValue`, `remark`, `imgUrl` (a flag). */
export const dictItemSchema = z.object({
  id: z.string(),
  dictCode: z.string(),
  dictValue: z.string(),
  dictText: z.string(),
  remark: z.string(),
  imgUrl: z.string(),
  sortOrder: z.number().int(),
});
export type DictItem = z.infer<typeof dictItemSchema>;

/** The seed's page size meaning "all of them". */
export const DICT_PAGE_ALL = -521;

export const getDictItems = defineCall({
  method: 'GET',
  path: '/api/{head}/sys/sys/dict/getDictItems/:code',
  summary: 'The enabled items of a dictionary (`language`: code, name, flag); pageSize -521 is all',
  tags: ['content'],
  auth: 'public',
  params: z.strictObject({ code: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/) }),
  query: z.strictObject({
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => n === DICT_PAGE_ALL || (n >= 1 && n <= 200))
      .default(DICT_PAGE_ALL),
  }),
  data: pageOf(dictItemSchema),
});

// ---- Operators (permission content.manage; every write audited) ----

const publicationSchema = z.object({
  published: z.boolean(),
  /** ms; null: at once when published. */
  publishAt: z.number().int().nullable(),
});

export const opsArticleRowSchema = publicationSchema.extend({
  id: z.string(),
  kind: articleKindSchema,
  sectionId: z.string().nullable(),
  position: z.number().int(),
  hot: z.boolean(),
  guide: z.boolean(),
  title: z.string(),
  /** The languages it has text in. */
  languages: z.array(languageSchema),
  /** Published and due: what readers see now. */
  visible: z.boolean(),
  updatedAt: z.number().int(),
});
export type OpsArticleRow = z.infer<typeof opsArticleRowSchema>;

export const articleTextSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(500).default(''),
  body: z.string().max(100_000),
});

export const opsArticleSchema = opsArticleRowSchema.extend({
  texts: z.partialRecord(
    languageSchema,
    z.object({ title: z.string(), summary: z.string(), body: z.string() }),
  ),
});
export type OpsArticle = z.infer<typeof opsArticleSchema>;

export const opsCategoryRowSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  titles: z.partialRecord(languageSchema, z.string()),
  descriptions: z.partialRecord(languageSchema, z.string()),
});
export const opsSectionRowSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  position: z.number().int(),
  titles: z.partialRecord(languageSchema, z.string()),
});
export const opsBannerRowSchema = publicationSchema.extend({
  id: z.string(),
  position: z.number().int(),
  titles: z.partialRecord(languageSchema, z.string()),
  imageUrl: z.string(),
  link: z.string(),
  visible: z.boolean(),
});
export type OpsCategoryRow = z.infer<typeof opsCategoryRowSchema>;
export type OpsSectionRow = z.infer<typeof opsSectionRowSchema>;
export type OpsBannerRow = z.infer<typeof opsBannerRowSchema>;

export const opsContent = defineCall({
  method: 'GET',
  path: '/api/ops/content',
  summary:
    'Everything the content editor lists: categories, sections, articles (with their state), banners, dictionaries and the site settings',
  tags: ['content'],
  auth: 'operator',
  permission: 'content.manage',
  data: z.object({
    categories: z.array(opsCategoryRowSchema),
    sections: z.array(opsSectionRowSchema),
    articles: z.array(opsArticleRowSchema),
    banners: z.array(opsBannerRowSchema),
    dictItems: z.array(dictItemSchema.extend({ enabled: z.boolean() })),
    settings: siteSettingsSchema,
  }),
});

export const opsContentArticle = defineCall({
  method: 'GET',
  path: '/api/ops/content/articles/:id',
  summary: 'One article with its text in every language it has, published or not',
  tags: ['content'],
  auth: 'operator',
  permission: 'content.manage',
  params: z.strictObject({ id: contentIdSchema }),
  data: opsArticleSchema,
});

const isHttpOrPath = (v: string) => v === '' || /^\/[^/\\]/.test(v) || /^https?:\/\/\S+$/.test(v);

/** A link or image: empty, a path of this site (`/article/...`) or an http(s) URL. */
export const contentLinkSchema = z
  .string()
  .trim()
  .max(500)
  .refine(isHttpOrPath, { message: 'contentLinkInvalid' });

export const opsSaveArticle = defineCall({
  method: 'POST',
  path: '/api/ops/content/articles',
  summary:
    'Create an article or change one (kind, section, order, hot issue, beginner guide, text per language); its publication is set apart',
  tags: ['content'],
  auth: 'operator',
  permission: 'content.manage',
  body: z.strictObject({
    id: contentIdSchema.optional(),
    kind: articleKindSchema,
    sectionId: contentIdSchema.nullable().default(null),
    position: z.coerce.number().int().min(0).max(100_000).default(0),
    hot: z.boolean().default(false),
    guide: z.boolean().default(false),
    texts: z
      .partialRecord(languageSchema, articleTextSchema)
      .refine((t) => t.en !== undefined, { message: 'contentEnglishRequired' }),
  }),
  data: opsArticleSchema,
});

export const opsPublishArticle = defineCall({
  method: 'POST',
  path: '/api/ops/content/articles/:id/publication',
  summary:
    'Publish an article now or from a time (scheduled), or unpublish it; readers never see it before',
  tags: ['content'],
  auth: 'operator',
  permission: 'content.manage',
  params: z.strictObject({ id: contentIdSchema }),
  body: z.strictObject({
    published: z.boolean(),
    publishAt: z.number().int().min(0).max(32_503_680_000_000).nullable().default(null),
  }),
  data: opsArticleRowSchema,
});

export const opsSaveCategory = defineCall({
  method: 'POST',
  path: '/api/ops/content/categories',
  summary: 'Create or change a help-centre category (titles and descriptions per language)',
  tags: ['content'],
  auth: 'operator',
  permission: 'content.manage',
  body: z.strictObject({
    id: contentIdSchema,
    position: z.coerce.number().int().min(0).max(100_000).default(0),
    titles: titlesSchema,
    descriptions: z.partialRecord(languageSchema, z.string().trim().max(500)).default({}),
  }),
  data: opsCategoryRowSchema,
});

export const opsSaveSection = defineCall({
  method: 'POST',
  path: '/api/ops/content/sections',
  summary: 'Create or change a section of a category (titles per language)',
  tags: ['content'],
  auth: 'operator',
  permission: 'content.manage',
  body: z.strictObject({
    id: contentIdSchema,
    categoryId: contentIdSchema,
    position: z.coerce.number().int().min(0).max(100_000).default(0),
    titles: titlesSchema,
  }),
  data: opsSectionRowSchema,
});

export const opsSaveBanner = defineCall({
  method: 'POST',
  path: '/api/ops/content/banners',
  summary: 'Create or change a home-page banner (image, link, titles, publication)',
  tags: ['content'],
  auth: 'operator',
  permission: 'content.manage',
  body: z.strictObject({
    id: contentIdSchema,
    position: z.coerce.number().int().min(0).max(100_000).default(0),
    titles: titlesSchema,
    imageUrl: contentLinkSchema,
    link: contentLinkSchema,
    published: z.boolean(),
    publishAt: z.number().int().min(0).max(32_503_680_000_000).nullable().default(null),
  }),
  data: opsBannerRowSchema,
});

export const opsSaveDictItem = defineCall({
  method: 'POST',
  path: '/api/ops/content/dict-items',
  summary: 'Create or change a dictionary item (value, text, remark, image, order, enabled)',
  tags: ['content'],
  auth: 'operator',
  permission: 'content.manage',
  body: z.strictObject({
    dictCode: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
    dictValue: z.string().trim().min(1).max(64),
    dictText: z.string().trim().min(1).max(100),
    remark: z.string().trim().max(200).default(''),
    imgUrl: contentLinkSchema.default(''),
    sortOrder: z.coerce.number().int().min(0).max(100_000).default(0),
    enabled: z.boolean().default(true),
  }),
  data: dictItemSchema.extend({ enabled: z.boolean() }),
});

export const opsSaveSettings = defineCall({
  method: 'POST',
  path: '/api/ops/content/settings',
  summary: 'Change site settings (only those sent); the web app reads them at once, no rebuild',
  tags: ['content'],
  auth: 'operator',
  permission: 'content.manage',
  body: z
    .strictObject({
      brand: siteSettingsSchema.shape.brand,
      logoUrl: contentLinkSchema,
      images: z.record(z.string().regex(/^[a-zA-Z0-9_.-]{1,40}$/), contentLinkSchema),
      supportLinks: siteSettingsSchema.shape.supportLinks,
      defaultCurrency: siteSettingsSchema.shape.defaultCurrency,
      defaultLanguage: languageSchema,
      features: siteSettingsSchema.shape.features,
    })
    .partial()
    .refine((b) => Object.keys(b).length > 0, { message: 'contentNothingToChange' }),
  data: siteSettingsSchema,
});

export const contentImageSchema = z.object({
  id: z.string(),
  /** Where the image is served (public, cached for good): put it in Markdown or a banner. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  mime: z.string(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

export const opsUploadContentImage = defineCall({
  method: 'POST',
  path: '/api/ops/content/images',
  summary:
    'Upload an image for articles and banners (multipart/form-data, field file: JPEG, PNG or WebP judged by content, at most UPLOAD_MAX_BYTES, re-encoded without metadata); served publicly at the answered url',
  tags: ['content'],
  auth: 'operator',
  permission: 'content.manage',
  data: contentImageSchema,
});
