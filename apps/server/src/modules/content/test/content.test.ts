import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../../app.ts';
import type { Database } from '../../../kernel/db/database.ts';
import { call, rememberPlatform, TestClock, trader } from '../../../../test/accounts-helpers.ts';
import { testConfig, testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { signInOperator, type SignedInOperator } from '../../../../test/operator-helpers.ts';

const HOUR = 3_600_000;

// The help centre, the generic table reads, search, dictionaries and settings, on each
// database the tests have: what readers see is exactly what is published and due.
describe.each(testDatabases())('content on $name', ({ create }) => {
  let current: TestDatabase | undefined;
  let database: Database | undefined;
  let platform: Platform | undefined;

  afterEach(async () => {
    await platform?.app.close();
    await database?.close();
    await current?.dispose();
    platform = undefined;
    database = undefined;
    current = undefined;
  });

  async function start(clock: TestClock, env: Record<string, string> = {}) {
    current ??= await create();
    database = current.open();
    platform = rememberPlatform(
      await buildPlatform(
        testConfig({
          DEMO_MODE: 'false',
          MARKET_MAKERS: 'false',
          MARKET_TICK_MS: '60000',
          SUPPORT_LINKS: 'https://support.example.org/chat',
          ...env,
        }),
        { logger: false, database, clock },
      ),
    );
    await platform.app.ready();
    return platform;
  }

  const ops = (p: Platform, admin: SignedInOperator, url: string, body: unknown) =>
    call(p.app, 'POST', url, body, admin.headers);

  /** A category, a section, and articles in every state a reader must or must not see. */
  async function writeHelpCentre(p: Platform, admin: SignedInOperator, clock: TestClock) {
    expect(
      (
        await ops(p, admin, '/api/ops/content/categories', {
          id: 'start',
          titles: { en: 'Getting started', ja: 'はじめに' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await ops(p, admin, '/api/ops/content/sections', {
          id: 'funding',
          categoryId: 'start',
          titles: { en: 'Deposits' },
        })
      ).status,
    ).toBe(200);
    const article = (id: string, kind: string, texts: Record<string, unknown>, extra = {}) =>
      ops(p, admin, '/api/ops/content/articles', {
        id,
        kind,
        sectionId: kind === 'help' ? 'funding' : null,
        texts,
        ...extra,
      });
    const publish = (id: string, publishAt: number | null = null) =>
      ops(p, admin, `/api/ops/content/articles/${id}/publication`, { published: true, publishAt });
    const saved = await article(
      'deposit',
      'help',
      {
        en: { title: 'How to deposit', body: 'Send **coins** to your deposit address.' },
        ja: { title: '入金方法', body: '入金アドレスに暗号資産を送金してください。' },
      },
      { hot: true, guide: true },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ id: 'deposit', published: false, visible: false });
    await article('withdraw', 'help', {
      en: { title: 'How to withdraw', body: 'Withdrawals follow the published rules.' },
    });
    await article('draft', 'help', {
      en: { title: 'Draft about staking', body: 'Staking draft text, not published.' },
    });
    await article('later', 'help', {
      en: { title: 'Scheduled margin guide', body: 'Margin guide scheduled for tomorrow.' },
    });
    await article('script', 'faq', {
      en: { title: 'Markdown only', body: 'Hello <script>alert(1)</script> world' },
    });
    for (const n of [1, 2, 3]) {
      await article(`notice-${n}`, 'announcement', {
        en: { title: `Notice ${n}`, body: `Announcement number ${n}.` },
      });
    }
    for (const id of ['deposit', 'withdraw', 'script'])
      expect((await publish(id)).status).toBe(200);
    for (const n of [1, 2, 3]) {
      clock.advance(60);
      await publish(`notice-${n}`);
    }
    const scheduled = await publish('later', clock.now().getTime() + 24 * HOUR);
    expect(scheduled.body.data).toMatchObject({ published: true, visible: false });
  }

  it('shows readers only what is published and due, in their language or English', async () => {
    const clock = new TestClock();
    const p = await start(clock);
    const admin = await signInOperator(p, 'admin', { clock });
    await writeHelpCentre(p, admin, clock);

    const centre = await call(p.app, 'GET', '/api/content/helpCentre');
    const titles = centre.body.data.categories[0].sections[0].articles.map(
      (a: { id: string }) => a.id,
    );
    expect(titles).toEqual(['deposit', 'withdraw']);
    expect(centre.body.data.hot.map((a: { id: string }) => a.id)).toEqual(['deposit']);
    expect(centre.body.data.faqs.map((a: { id: string }) => a.id)).toEqual(['script']);

    // Unpublished and scheduled: not found, as if they did not exist, by every call.
    for (const id of ['draft', 'later']) {
      expect((await call(p.app, 'GET', `/api/content/articles/help/${id}`)).status).toBe(404);
      expect((await call(p.app, 'POST', `/api/helpCenterInfo/${id}`)).status).toBe(404);
      expect(
        (await call(p.app, 'GET', `/api/core/cgform-api/detailData/articles/${id}`)).status,
      ).toBe(404);
    }
    // The reader's language, with the breadcrumb; English where the article has none.
    const ja = await call(p.app, 'POST', '/api/helpCenterInfo/deposit', undefined, { lang: 'ja' });
    expect(ja.body.data).toMatchObject({
      title: '入金方法',
      lang: 'ja',
      category: { id: 'start', title: 'はじめに' },
      section: { id: 'funding', title: 'Deposits' },
    });
    const fallback = await call(p.app, 'GET', '/api/content/articles/help/withdraw', undefined, {
      lang: 'ja',
    });
    expect(fallback.body.data).toMatchObject({ title: 'How to withdraw', lang: 'en' });
    // A kind is part of the address: a help article is not an announcement.
    expect((await call(p.app, 'GET', '/api/content/articles/announcement/deposit')).status).toBe(
      404,
    );

    // The scheduled article appears once its time has come, with no job to run.
    clock.advance(24 * 3600 + 1);
    expect((await call(p.app, 'GET', '/api/content/articles/help/later')).status).toBe(200);
    // Unpublishing hides it again at once (a new sign-in: sessions last 12 hours).
    const later = await signInOperator(p, 'admin', { clock });
    const hidden = await ops(p, later, '/api/ops/content/articles/later/publication', {
      published: false,
    });
    expect(hidden.body.data).toMatchObject({ published: false, visible: false });
    expect((await call(p.app, 'GET', '/api/content/articles/help/later')).status).toBe(404);

    // Every write left its audit row.
    const actions = await p.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'content.%')
      .execute();
    const counted = new Map<string, number>();
    for (const { action } of actions) counted.set(action, (counted.get(action) ?? 0) + 1);
    expect(Object.fromEntries(counted)).toEqual({
      'content.category.save': 1,
      'content.section.save': 1,
      'content.article.create': 8,
      'content.article.publish': 6,
      'content.article.schedule': 1,
      'content.article.unpublish': 1,
    });
  });

  it('pages, orders and refuses unknown tables and columns before any SQL', async () => {
    const clock = new TestClock();
    const p = await start(clock);
    const admin = await signInOperator(p, 'admin', { clock });
    await writeHelpCentre(p, admin, clock);
    const base = '/api/core/cgform-api/getData';

    const first = await call(p.app, 'GET', `${base}/announcements?pageSize=2`);
    expect(first.body.data).toMatchObject({ total: 3, current: 1, size: 2 });
    // Default order: id, descending.
    expect(first.body.data.records.map((r: { id: string }) => r.id)).toEqual([
      'notice-3',
      'notice-2',
    ]);
    const second = await call(p.app, 'GET', `${base}/announcements?pageSize=2&pageNo=2`);
    expect(second.body.data.records.map((r: { id: string }) => r.id)).toEqual(['notice-1']);
    const asc = await call(p.app, 'GET', `${base}/announcements?column=published_at&order=asc`);
    expect(asc.body.data.records.map((r: { id: string }) => r.id)).toEqual([
      'notice-1',
      'notice-2',
      'notice-3',
    ]);
    const byTitle = await call(p.app, 'GET', `${base}/articles?column=title&order=asc`);
    expect(byTitle.body.data.records.map((r: { title: string }) => r.title)).toEqual([
      'How to deposit',
      'How to withdraw',
    ]);
    const hot = await call(p.app, 'GET', `${base}/hot_issues`);
    expect(hot.body.data.records.map((r: { id: string }) => r.id)).toEqual(['deposit']);
    const detail = await call(p.app, 'GET', '/api/core/cgform-api/detailData/articles/deposit');
    expect(detail.body.data).toMatchObject({
      id: 'deposit',
      body: expect.stringContaining('coins'),
    });

    for (const column of ['body', 'id; drop table content_articles', 'a.id', '__proto__']) {
      const refused = await call(
        p.app,
        'GET',
        `${base}/articles?column=${encodeURIComponent(column)}`,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.data).toMatchObject({ field: 'query.column' });
      expect(refused.body.msg).toContain('id, position, published_at, updated_at, title');
    }
    for (const formId of ['users', 'content_articles', 'audit_log', 'constructor']) {
      const unknown = await call(p.app, 'GET', `${base}/${formId}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).not.toMatch(/select|sql|sqlite/i);
    }
    expect((await call(p.app, 'GET', `${base}/articles?order=sideways`)).status).toBe(400);
    expect((await call(p.app, 'GET', `${base}/articles?pageSize=1000`)).status).toBe(400);
    // The table is still there after the attempts above.
    expect((await call(p.app, 'GET', `${base}/articles`)).body.data.total).toBe(2);

    const notices = await call(p.app, 'POST', '/api/notice/list', { pageNo: 1, pageSize: 2 });
    expect(notices.body.data.records.map((r: { id: string }) => r.id)).toEqual([
      'notice-3',
      'notice-2',
    ]);
    expect(notices.body.data.total).toBe(3);
  });

  it('searches per language with English fallback, never finding the unpublished', async () => {
    const clock = new TestClock();
    const p = await start(clock);
    const admin = await signInOperator(p, 'admin', { clock });
    await writeHelpCentre(p, admin, clock);
    const search = async (q: string, lang = 'en') =>
      (
        await call(p.app, 'GET', `/api/content/search?q=${encodeURIComponent(q)}`, undefined, {
          lang,
        })
      ).body.data;

    const found = await search('deposit address');
    expect(found.records.map((r: { id: string }) => r.id)).toEqual(['deposit']);
    expect(found.records[0].snippet).toContain('deposit');
    // Japanese words in Japanese text: characters searched side by side.
    const ja = await search('暗号資産', 'ja');
    expect(ja.records.map((r: { id: string; lang: string }) => [r.id, r.lang])).toEqual([
      ['deposit', 'ja'],
    ]);
    // An article without Japanese text is searched in its English.
    expect((await search('published rules', 'ja')).records[0]).toMatchObject({
      id: 'withdraw',
      lang: 'en',
    });
    expect((await search('staking')).total).toBe(0);
    expect((await search('margin')).total).toBe(0);
    // Query syntax a reader types is only words: no error, no operator.
    expect((await search('deposit" OR * NEAR(')).total).toBeGreaterThanOrEqual(0);
    expect((await call(p.app, 'GET', '/api/content/search?q=')).status).toBe(400);
  });

  it('serves dictionaries and settings that operators change without a rebuild', async () => {
    const clock = new TestClock();
    const p = await start(clock);
    const admin = await signInOperator(p, 'admin', { clock });
    const languages = await call(
      p.app,
      'GET',
      '/api/core/sys/sys/dict/getDictItems/language?pageSize=-521',
    );
    expect(languages.body.data.total).toBe(13);
    expect(languages.body.data.records[1]).toMatchObject({
      dictValue: 'ja',
      dictText: '日本語',
      imgUrl: '/flags/ja.svg',
    });
    const paged = await call(
      p.app,
      'GET',
      '/api/core/sys/sys/dict/getDictItems/language?pageNo=2&pageSize=5',
    );
    expect(paged.body.data.records.map((r: { dictValue: string }) => r.dictValue)).toEqual([
      'vi',
      'th',
      'es',
      'fr',
      'ru',
    ]);
    expect(
      (await call(p.app, 'GET', '/api/core/sys/sys/dict/getDictItems/language?pageSize=0')).status,
    ).toBe(400);
    expect(
      (await call(p.app, 'GET', '/api/core/sys/sys/dict/getDictItems/Robert%27)')).status,
    ).toBe(400);

    // A disabled item leaves the dictionary.
    await ops(p, admin, '/api/ops/content/dict-items', {
      dictCode: 'language',
      dictValue: 'th',
      dictText: 'ไทย',
      enabled: false,
    });
    const after = await call(p.app, 'GET', '/api/core/sys/sys/dict/getDictItems/language');
    expect(after.body.data.total).toBe(12);

    const before = await call(p.app, 'POST', '/api/common/getAllSetting');
    expect(before.body.data).toMatchObject({
      brand: 'Meridian',
      supportLinks: ['https://support.example.org/chat'],
      features: { banners: true },
    });
    const changed = await ops(p, admin, '/api/ops/content/settings', {
      brand: 'Acme Exchange',
      supportLinks: ['https://help.acme.example/live', 'https://t.me/acme'],
      features: { banners: false, hotIssues: true, beginnerGuide: true, announcements: true },
    });
    expect(changed.status).toBe(200);
    const read = await call(p.app, 'POST', '/api/common/getAllSetting');
    expect(read.body.data).toMatchObject({
      brand: 'Acme Exchange',
      supportLinks: ['https://help.acme.example/live', 'https://t.me/acme'],
      features: { banners: false },
      defaultLanguage: 'en',
    });
    // Refused whole, nothing changed: a script link, an empty change, an unknown key.
    for (const body of [
      { supportLinks: ['javascript:alert(1)'] },
      { logoUrl: '//evil.example/x.png' },
      {},
      { brand: 'X', price: '1' },
    ]) {
      const refused = await ops(p, admin, '/api/ops/content/settings', body);
      expect(refused.status).toBe(400);
    }
    expect((await call(p.app, 'POST', '/api/common/getAllSetting')).body.data).toEqual(
      read.body.data,
    );
  });

  it('lets only operators holding content.manage edit, and refuses bad input whole', async () => {
    const clock = new TestClock();
    const p = await start(clock);
    const admin = await signInOperator(p, 'admin', { clock });
    const support = await signInOperator(p, 'support', { clock });
    const user = await trader(p, 'reader@example.org', {});
    const body = { id: 'x', kind: 'faq', texts: { en: { title: 'T', body: 'B' } } };
    expect(
      (await call(p.app, 'POST', '/api/ops/content/articles', body, support.headers)).status,
    ).toBe(403);
    expect((await call(p.app, 'GET', '/api/ops/content', undefined, support.headers)).status).toBe(
      403,
    );
    expect(
      (await call(p.app, 'POST', '/api/ops/content/articles', body, user.headers)).status,
    ).toBe(401);
    expect((await call(p.app, 'POST', '/api/ops/content/articles', body)).status).toBe(401);

    for (const bad of [
      { ...body, texts: { ja: { title: 'T', body: 'B' } } },
      { ...body, kind: 'help' },
      { ...body, kind: 'help', sectionId: 'nowhere' },
      { ...body, kind: 'poem' },
      { ...body, id: '../etc' },
      { ...body, texts: { en: { title: '', body: 'B' } } },
    ]) {
      const refused = await ops(p, admin, '/api/ops/content/articles', bad);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).not.toMatch(/sql|select|stack/i);
    }
    const english = await call(
      p.app,
      'POST',
      '/api/ops/content/articles',
      { ...body, texts: { ja: { title: 'T', body: 'B' } } },
      { ...admin.headers, lang: 'de' },
    );
    expect(english.body.msg).toContain('englischer Text');
    const listing = await call(p.app, 'GET', '/api/ops/content', undefined, admin.headers);
    expect(listing.body.data.articles).toEqual([]);
    expect(
      (await ops(p, admin, '/api/ops/content/articles/nothing/publication', { published: true }))
        .status,
    ).toBe(404);
  });

  it('seeds a demo help centre in every language once, and keeps an edit over a restart', async () => {
    const clock = new TestClock();
    let p = await start(clock, { DEMO_MODE: 'true' });
    const centre = await call(p.app, 'GET', '/api/content/helpCentre', undefined, { lang: 'th' });
    const ids = centre.body.data.categories.flatMap(
      (c: { sections: Array<{ articles: Array<{ id: string; lang: string }> }> }) =>
        c.sections.flatMap((s) => s.articles.map((a) => `${a.id}:${a.lang}`)),
    );
    expect(ids).toEqual([
      'how-to-deposit:th',
      'trade-spot:th',
      'second-contracts:th',
      'security-fund:th',
      'proof-of-liabilities:th',
    ]);
    const home = await call(p.app, 'GET', '/api/content/home');
    expect(home.body.data.banners).toHaveLength(2);
    expect(home.body.data.guide.length).toBeGreaterThan(0);
    const zhFund = () =>
      call(p.app, 'GET', `/api/content/search?q=${encodeURIComponent('安全基金')}`, undefined, {
        lang: 'zh',
      });
    const before = await zhFund();
    expect(before.body.data.records.map((r: { id: string }) => r.id)).toContain('security-fund');
    const admin = await signInOperator(p, 'admin', { clock });
    await ops(p, admin, '/api/ops/content/articles/security-fund/publication', {
      published: false,
    });
    await p.app.close();
    await database?.close();
    p = await start(clock, { DEMO_MODE: 'true' });
    const again = await call(
      p.app,
      'GET',
      '/api/ops/content',
      undefined,
      (await signInOperator(p, 'admin', { clock })).headers,
    );
    expect(
      again.body.data.articles.filter((a: { id: string }) => a.id === 'security-fund'),
    ).toMatchObject([{ published: false }]);
    expect(again.body.data.categories).toHaveLength(3);
    const found = await call(
      p.app,
      'GET',
      `/api/content/search?q=${encodeURIComponent('安全基金')}`,
      undefined,
      { lang: 'zh' },
    );
    expect(found.body.data.records.map((r: { id: string }) => r.id)).not.toContain('security-fund');
  });
});
