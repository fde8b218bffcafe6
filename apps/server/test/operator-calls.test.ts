import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@meridian/contract';
import { buildPlatform, type Platform } from '../src/app.ts';
import { registerCall } from '../src/kernel/http/register-call.ts';
import { createAuditLog } from '../src/kernel/operators/audit.ts';
import { call, TestClock } from './accounts-helpers.ts';
import { testConfig } from './helpers.ts';
import { signInOperator, type SignedInOperator } from './operator-helpers.ts';

// Operator calls that exist only here, to drive registerCall's operator rules.
const forgetful = defineCall({
  method: 'POST',
  path: '/api/ops/test/forgetful',
  summary: 'a write that forgets its audit row',
  tags: ['test'],
  auth: 'operator',
  permission: 'users.freeze',
  body: z.strictObject({ note: z.string() }),
  data: z.null(),
});
const careful = defineCall({ ...forgetful, path: '/api/ops/test/careful' });

let platform: Platform;
let compliance: SignedInOperator;
let support: SignedInOperator;
let bodiesRead = 0;

beforeAll(async () => {
  const clock = new TestClock();
  platform = await buildPlatform(testConfig({ DEMO_MODE: 'false', MARKET_MAKERS: 'false' }), {
    logger: false,
    clock,
  });
  registerCall(platform.app, 'core', forgetful, async () => {
    bodiesRead++;
    return null;
  });
  const audit = createAuditLog(clock);
  registerCall(platform.app, 'core', careful, async ({ body }, request) => {
    await platform.database.db.transaction().execute((trx) =>
      audit.record(trx, request, {
        action: 'test.careful',
        targetType: 'test',
        targetId: body.note,
      }),
    );
    return null;
  });
  [compliance, support] = await Promise.all([
    signInOperator(platform, 'compliance', { clock }),
    signInOperator(platform, 'support', { clock }),
  ]);
});
afterAll(async () => {
  await platform.app.close();
});

describe('operator calls', () => {
  it('answer 500 for a write that left no audit row, without internals in the message', async () => {
    const res = await call(
      platform.app,
      'POST',
      '/api/ops/test/forgetful',
      { note: 'x' },
      compliance.headers,
    );
    expect(res.status).toBe(500);
    expect(res.body.msg).not.toMatch(/audit|forgetful|Error/);
    const ok = await call(
      platform.app,
      'POST',
      '/api/ops/test/careful',
      { note: 'x' },
      compliance.headers,
    );
    expect(ok.status).toBe(200);
  });

  it('check the permission before the body is read', async () => {
    const before = bodiesRead;
    const res = await call(
      platform.app,
      'POST',
      '/api/ops/test/forgetful',
      { note: 1 },
      support.headers,
    );
    expect(res.status).toBe(403);
    expect(bodiesRead).toBe(before);
    // Not even a validation answer: the caller learns nothing of the call's rules.
    expect(res.body.data.reason).toBe('operatorForbidden');
  });

  it('cannot be registered without a permission', () => {
    const loose = defineCall({ ...forgetful, path: '/api/ops/test/loose', permission: undefined });
    expect(() => registerCall(platform.app, 'core', loose, async () => null)).toThrow(
      /authenticator/,
    );
  });
});
