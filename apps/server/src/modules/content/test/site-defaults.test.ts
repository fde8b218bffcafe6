import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Platform } from '../../../app.ts';
import { call, startAccounts, type TestClock } from '../../../../test/accounts-helpers.ts';
import { signInOperator } from '../../../../test/operator-helpers.ts';

let platform: Platform;
let clock: TestClock;

beforeAll(async () => {
  ({ platform, clock } = await startAccounts({ MARKET_MAKERS: 'false' }));
});
afterAll(async () => {
  await platform.app.close();
});

const configScript = async () =>
  (await platform.app.inject({ method: 'GET', url: '/platform/dev/config.js' })).body;

it('first visits follow the language until operators pin a currency or change the language', async () => {
  const settings = await call(platform.app, 'POST', '/api/common/getAllSetting');
  // No currency pinned: each visitor's language decides (PRODUCT.md 3).
  expect(settings.body.data.defaultCurrency).toBe('');
  expect(await configScript()).toContain('"defaultLanguage":"en"');

  const admin = await signInOperator(platform, 'admin', { clock });
  const saved = await call(
    platform.app,
    'POST',
    '/api/ops/content/settings',
    { defaultCurrency: 'CNY', defaultLanguage: 'ja' },
    admin.headers,
  );
  expect(saved.status).toBe(200);
  const after = await call(platform.app, 'POST', '/api/common/getAllSetting');
  expect(after.body.data).toMatchObject({ defaultCurrency: 'CNY', defaultLanguage: 'ja' });
  // The web app's runtime configuration follows at once, without a rebuild.
  expect(await configScript()).toContain('"defaultLanguage":"ja"');

  const unpinned = await call(
    platform.app,
    'POST',
    '/api/ops/content/settings',
    { defaultCurrency: '' },
    admin.headers,
  );
  expect(unpinned.body.data.defaultCurrency).toBe('');
  const bad = await call(
    platform.app,
    'POST',
    '/api/ops/content/settings',
    { defaultCurrency: 'CN' },
    admin.headers,
  );
  expect(bad.status).toBe(400);
});
