import { defineModule } from '../../kernel/module.ts';
import { registerContentCalls } from './calls.ts';
import { createEditor } from './editor.ts';
import { createForms } from './forms.ts';
import * as m0085 from './migrations/0085_content.ts';
import * as m0086 from './migrations/0086_content_search.ts';
import * as m0087 from './migrations/0087_content_images.ts';
import { registerContentImageCalls } from './image-calls.ts';
import { createImages } from './images.ts';
import { registerContentOpsCalls } from './ops-calls.ts';
import { createReader } from './reader.ts';
import { createSearch } from './search.ts';
import { seedDemoContent } from './seed.ts';
import { createSettings } from './settings.ts';
import type { ContentDb, ContentTables } from './tables.ts';

/**
 * Content (issue 23): the help centre, announcements, banners, hot issues, the beginner
 * guide and the terms, with full-text search per language; dictionaries; the site
 * settings the web app reads at run time; and the operators' content editor.
 */
export const contentModule = defineModule({
  name: 'content',
  migrations: {
    '0085_content': m0085,
    '0086_content_search': m0086,
    '0087_content_images': m0087,
  },
  async start(ctx) {
    const { app, config, clock } = ctx;
    const db: ContentDb = ctx.db.withTables<ContentTables>();
    const now = () => clock.now().getTime();
    const search = createSearch(db, ctx.database.driver, now);
    const reader = createReader(db, now);
    const forms = createForms(db, now);
    const settings = createSettings(db, config);
    const editor = createEditor(db, search, now);
    if (config.demoMode && ctx.engine.leads) await seedDemoContent(db, search, now());
    ctx.provide('content', { settings });
    registerContentCalls(app, config.head, { db, reader, forms, search, settings });
    registerContentOpsCalls(app, config.head, { db, editor, settings, audit: ctx.audit, now });
    await registerContentImageCalls(app, config.head, {
      db,
      images: createImages(db, now),
      audit: ctx.audit,
      maxBytes: config.uploadMaxBytes,
    });
  },
});
