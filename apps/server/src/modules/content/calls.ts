import type { FastifyInstance } from 'fastify';
import {
  cgformDetailData,
  cgformGetData,
  contentArticle,
  getAllSetting,
  getDictItems,
  helpCenterInfo,
  helpCentre,
  homeContent,
  noticeList,
  searchContent,
} from '@meridian/contract';
import { registerCall } from '../../kernel/http/register-call.ts';
import { languageFrom } from '../../kernel/http/request-context.ts';
import type { ContentDb } from './tables.ts';
import type { createForms } from './forms.ts';
import type { Reader } from './reader.ts';
import type { Search } from './search.ts';
import { dictItems, type Settings } from './settings.ts';

/** The readers' calls: every one answers only what is published and due. */
export function registerContentCalls(
  app: FastifyInstance,
  head: string,
  deps: {
    db: ContentDb;
    reader: Reader;
    forms: ReturnType<typeof createForms>;
    search: Search;
    settings: Settings;
  },
) {
  const { db, reader, forms, search, settings } = deps;
  registerCall(app, head, helpCentre, async (_input, request) =>
    reader.helpCentre(languageFrom(request)),
  );
  registerCall(app, head, homeContent, async (_input, request) =>
    reader.home(languageFrom(request)),
  );
  registerCall(app, head, contentArticle, async ({ params }, request) =>
    reader.article(params.type, params.id, languageFrom(request)),
  );
  registerCall(app, head, helpCenterInfo, async ({ params }, request) =>
    reader.article(null, params.id, languageFrom(request)),
  );
  registerCall(app, head, noticeList, async ({ body }, request) =>
    reader.notices(languageFrom(request), body.pageNo, body.pageSize),
  );
  registerCall(
    app,
    head,
    searchContent,
    async ({ query }, request) => {
      const found = await search.search(
        languageFrom(request),
        query.q,
        query.pageNo,
        query.pageSize,
      );
      const summaries = await reader.summariesFor(found.hits);
      return {
        records: summaries.map((s) => ({
          ...s,
          snippet: found.hits.find((h) => h.articleId === s.id)?.snippet ?? s.summary,
        })),
        total: found.total,
        current: query.pageNo,
        size: query.pageSize,
      };
    },
    { perMinute: 120 },
  );
  registerCall(app, head, cgformGetData, async ({ params, query }, request) =>
    forms.getData(params.formId, query, languageFrom(request)),
  );
  registerCall(app, head, cgformDetailData, async ({ params }, request) =>
    forms.detail(params.formId, params.id, languageFrom(request)),
  );
  registerCall(app, head, getDictItems, async ({ params, query }) =>
    dictItems(db, params.code, query.pageNo, query.pageSize),
  );
  registerCall(app, head, getAllSetting, async (_input, _request, reply) => {
    // Read on every call, never cached on the way: an operator's change shows at once.
    reply.header('cache-control', 'no-store');
    return settings.read();
  });
}
