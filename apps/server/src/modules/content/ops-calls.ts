import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  opsContent,
  opsContentArticle,
  opsPublishArticle,
  opsSaveArticle,
  opsSaveBanner,
  opsSaveCategory,
  opsSaveDictItem,
  opsSaveSection,
  opsSaveSettings,
  type OpsArticle,
} from '@meridian/contract';
import { registerCall } from '../../kernel/http/register-call.ts';
import { AppError } from '../../kernel/errors.ts';
import type { AuditLog } from '../../kernel/operators/audit.ts';
import type { Editor, Recorder } from './editor.ts';
import type { Settings } from './settings.ts';
import type { ContentDb } from './tables.ts';

/** What the audit log keeps of an article: its state and titles, and each text's length. */
function auditedArticle(article: OpsArticle | null) {
  if (!article) return null;
  const { texts, ...row } = article;
  return {
    ...row,
    texts: Object.fromEntries(
      Object.entries(texts).map(([lang, t]) => [
        lang,
        { title: t?.title, summaryChars: t?.summary.length, bodyChars: t?.body.length },
      ]),
    ),
  };
}

/** The content editor's calls (`content.manage`); each write records its audit row. */
export function registerContentOpsCalls(
  app: FastifyInstance,
  head: string,
  deps: { db: ContentDb; editor: Editor; settings: Settings; audit: AuditLog; now: () => number },
) {
  const { db, editor, settings, audit, now } = deps;
  function recorder<T>(
    request: FastifyRequest,
    action: string | ((before: T | null) => string),
    targetType: string,
    idOf: (after: T) => string,
    shape: (value: T | null) => unknown = (v) => v,
  ): Recorder<T> {
    return (trx, before, after) =>
      audit.record(trx, request, {
        action: typeof action === 'string' ? action : action(before),
        targetType,
        targetId: idOf(after),
        before: shape(before) ?? undefined,
        after: shape(after),
      });
  }

  registerCall(app, head, opsContent, async () => ({
    ...(await editor.list()),
    settings: await settings.read(),
  }));
  registerCall(app, head, opsContentArticle, async ({ params }) => {
    const article = await editor.readArticle(params.id);
    if (!article) throw new AppError('notFound', 'contentNotFound');
    return article;
  });
  registerCall(app, head, opsSaveArticle, async ({ body }, request) =>
    editor.saveArticle(
      body,
      recorder<OpsArticle>(
        request,
        (before) => (before ? 'content.article.update' : 'content.article.create'),
        'content_article',
        (a) => a.id,
        auditedArticle,
      ),
    ),
  );
  registerCall(app, head, opsPublishArticle, async ({ params, body }, request) =>
    editor.publish(
      params.id,
      body.published,
      body.publishAt,
      recorder(
        request,
        body.published
          ? body.publishAt !== null && body.publishAt > now()
            ? 'content.article.schedule'
            : 'content.article.publish'
          : 'content.article.unpublish',
        'content_article',
        (a) => a.id,
      ),
    ),
  );
  registerCall(app, head, opsSaveCategory, async ({ body }, request) =>
    editor.saveCategory(
      body,
      recorder(request, 'content.category.save', 'content_category', (c) => c.id),
    ),
  );
  registerCall(app, head, opsSaveSection, async ({ body }, request) =>
    editor.saveSection(
      body,
      recorder(request, 'content.section.save', 'content_section', (s) => s.id),
    ),
  );
  registerCall(app, head, opsSaveBanner, async ({ body }, request) =>
    editor.saveBanner(
      body,
      recorder(request, 'content.banner.save', 'content_banner', (b) => b.id),
    ),
  );
  registerCall(app, head, opsSaveDictItem, async ({ body }, request) =>
    editor.saveDictItem(
      body,
      recorder(request, 'content.dict.save', 'content_dict_item', (d) => d.id),
    ),
  );
  registerCall(app, head, opsSaveSettings, async ({ body }, request) => {
    const before = await settings.read();
    await db.transaction().execute(async (trx) => {
      await settings.write(trx, body, now());
      const changed = Object.keys(body) as Array<keyof typeof before>;
      await audit.record(trx, request, {
        action: 'content.settings.save',
        targetType: 'site_settings',
        targetId: changed.join(','),
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: body,
      });
    });
    return settings.read();
  });
}
