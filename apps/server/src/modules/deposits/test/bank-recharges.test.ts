import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAccount } from '@meridian/core';
import { signInOperator, type SignedInOperator } from '../../../../test/operator-helpers.ts';
import { call, newUser, startDeposits, testDatabases, type Started } from './deposit-helpers.ts';

const QUEUE = '/api/ops/reviews/recharge';
const SUBMIT = '/api/recharge/submit';
const LOG = '/api/core/coin/assets/getRechargeLog';
type User = Awaited<ReturnType<typeof newUser>>;

/** A payment screenshot: a plain image of the given format. */
const screenshot = (format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width: 640, height: 900, channels: 3, background: '#2a5b8c' } })
    .toFormat(format)
    .toBuffer();

/** Uploads a file as a browser's FormData does, with the given upload type. */
async function upload(
  app: FastifyInstance,
  user: User,
  file: Buffer,
  options: { type?: string; filename?: string; contentType?: string } = {},
) {
  const boundary = `----meridian${randomUUID().replace(/-/g, '')}`;
  const part = (head: string, body: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
      Buffer.isBuffer(body) ? body : Buffer.from(body),
      Buffer.from('\r\n'),
    ]);
  const payload = Buffer.concat([
    part('Content-Disposition: form-data; name="type"', options.type ?? 'payment'),
    part(
      `Content-Disposition: form-data; name="file"; filename="${options.filename ?? 'pay.png'}"\r\nContent-Type: ${options.contentType ?? 'image/png'}`,
      file,
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/core/cgform-api/upload/file',
    headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
    remoteAddress: `10.91.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json() as { msg: string; data: any } };
}

describe.each(testDatabases())('bank-transfer recharges ($name)', (kind) => {
  let s: Started;
  let support: SignedInOperator;
  let compliance: SignedInOperator;
  let finance: SignedInOperator;
  let finance2: SignedInOperator;

  beforeAll(async () => {
    s = await startDeposits(kind, { UPLOAD_MAX_BYTES: String(256 * 1024) });
    const signIn = (role: 'support' | 'compliance' | 'finance') =>
      signInOperator(s.platform, role, { clock: s.clock });
    support = await signIn('support');
    compliance = await signIn('compliance');
    finance = await signIn('finance');
    finance2 = await signIn('finance');
  });
  afterAll(async () => {
    await s.stop();
  });

  const ops = (who: SignedInOperator, method: 'GET' | 'POST', url: string, body?: unknown) =>
    call(s.app, method, url, body, who.headers);
  const usdt = (userId: string) => s.platform.engine.balance(userId, 'USDT')?.available ?? '0';
  const receipts = () => s.platform.engine.accountBalance(systemAccount('bank_receipts', 'USDT'));
  const db = () =>
    s.platform.database.db.withTables<{
      bank_recharges: { id: string; user_id: string; state: string };
      reviews: { id: string; user_id: string; kind: string };
    }>();
  const ordersOf = (userId: string) =>
    db().selectFrom('bank_recharges').selectAll().where('user_id', '=', userId).execute();
  const reviewsOf = (userId: string) =>
    db().selectFrom('reviews').selectAll().where('user_id', '=', userId).execute();
  const audit = (action: string, targetId: string) =>
    s.platform.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', targetId)
      .execute();

  async function paidScreenshot(user: User): Promise<string> {
    const res = await upload(s.app, user, await screenshot());
    expect(res.status).toBe(200);
    return res.body.data.id as string;
  }

  /** A user with a recharge of `amount` USDT waiting, and its review's id. */
  async function submitted(amount = '250.5') {
    const user = await newUser(s.app);
    const screenshotId = await paidScreenshot(user);
    const res = await call(
      s.app,
      'POST',
      SUBMIT,
      { coin: 'USDT', amount, screenshotId },
      user.headers,
    );
    expect(res.status, res.body.msg).toBe(200);
    const list = await ops(finance, 'GET', `${QUEUE}?state=pending&userId=${user.id}`);
    expect(list.body.data.total).toBe(1);
    return { user, order: res.body.data, reviewId: list.body.data.records[0].id as string };
  }

  it('offers USDT with the demo bank details, which say they are demo details', async () => {
    const user = await newUser(s.app);
    const res = await call(s.app, 'GET', '/api/recharge/banks', undefined, user.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        coin: 'USDT',
        decimals: 6,
        bankName: expect.stringContaining('not a real account'),
        note: expect.stringContaining('do not send real money'),
        minAmount: '10',
        maxAmount: '100000',
      }),
    ]);
  });

  it('submit, approve: the exact amount is credited once, from bank receipts', async () => {
    const before = receipts();
    const { user, order, reviewId } = await submitted('250.50');
    expect(order).toMatchObject({ coin: 'USDT', amount: '250.5', status: 'review', reason: null });
    expect(order.orderNo).toMatch(/^BR\d{18}$/);
    expect(usdt(user.id)).toBe('0');

    const row = (await ops(finance, 'GET', `${QUEUE}?userId=${user.id}`)).body.data.records[0];
    expect(row).toMatchObject({ orderNo: order.orderNo, coin: 'USDT', amount: '250.5' });
    const detail = await ops(finance, 'GET', `${QUEUE}/${reviewId}`);
    expect(detail.body.data.paidTo).toMatchObject({ coin: 'USDT', swift: 'DEMOXXXX' });
    expect(detail.body.data.screenshot.mime).toBe('image/png');

    expect((await ops(finance, 'POST', `${QUEUE}/${reviewId}/claim`)).status).toBe(200);
    const approved = await ops(finance, 'POST', `${QUEUE}/${reviewId}/approve`);
    expect(approved.status).toBe(200);
    expect(usdt(user.id)).toBe('250.5');
    expect(receipts() - before).toBe(-250_500_000n);
    expect(await audit('recharge.approve', reviewId)).toHaveLength(1);

    const log = await call(s.app, 'POST', LOG, { type: 1 }, user.headers);
    expect(log.body.data.list).toEqual([
      expect.objectContaining({
        way: 'bank',
        orderNo: order.orderNo,
        status: 'approved',
        creditTime: expect.any(String),
      }),
    ]);
    const again = await ops(finance, 'POST', `${QUEUE}/${reviewId}/approve`);
    expect([again.status, again.body.data.reason]).toEqual([409, 'reviewDecided']);
    expect(usdt(user.id)).toBe('250.5');
  });

  it('two approvals racing credit once', async () => {
    const { user, reviewId } = await submitted('40');
    await ops(finance, 'POST', `${QUEUE}/${reviewId}/claim`);
    const answers = await Promise.all([
      ops(finance, 'POST', `${QUEUE}/${reviewId}/approve`),
      ops(finance, 'POST', `${QUEUE}/${reviewId}/approve`),
      ops(finance2, 'POST', `${QUEUE}/${reviewId}/approve`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(usdt(user.id)).toBe('40');
  });

  it('reject: nothing is credited, and the user reads the reason', async () => {
    const { user, order, reviewId } = await submitted('75');
    await ops(finance, 'POST', `${QUEUE}/${reviewId}/claim`);
    const reason = 'No transfer of 75 USDT reached the account';
    const rejected = await ops(finance, 'POST', `${QUEUE}/${reviewId}/reject`, { reason });
    expect(rejected.status).toBe(200);
    expect(usdt(user.id)).toBe('0');
    expect(await audit('recharge.reject', reviewId)).toHaveLength(1);
    const log = await call(s.app, 'POST', LOG, { way: 'bank' }, user.headers);
    expect(log.body.data.list).toEqual([
      expect.objectContaining({ orderNo: order.orderNo, status: 'rejected', reason }),
    ]);
  });

  it('refuses bad submissions with their message, and changes nothing', async () => {
    const user = await newUser(s.app);
    const other = await newUser(s.app);
    const own = await paidScreenshot(user);
    const othersFile = await paidScreenshot(other);
    const documentFile = await upload(s.app, user, await screenshot('jpeg'), {
      type: 'document',
      filename: 'id.jpg',
      contentType: 'image/jpeg',
    });
    const cases: Array<[string, object, string, string]> = [
      ['letters', { amount: 'ten' }, 'rechargeAmountNotNumeric', 'The amount must be numeric'],
      ['exponent', { amount: '1e3' }, 'rechargeAmountNotNumeric', 'The amount must be numeric'],
      ['empty', { amount: '' }, 'rechargeAmountNotNumeric', 'The amount must be numeric'],
      ['zero', { amount: '0' }, 'rechargeAmountPositive', 'The amount must be greater than zero'],
      [
        'negative',
        { amount: '-20' },
        'rechargeAmountPositive',
        'The amount must be greater than zero',
      ],
      [
        'decimals',
        { amount: '20.1234567' },
        'depositAmountPrecision',
        'The amount may have at most 6 decimal places',
      ],
      [
        'below',
        { amount: '9.99' },
        'rechargeBelowMinimum',
        'The smallest bank recharge is 10 USDT',
      ],
      [
        'above',
        { amount: '100000.01' },
        'rechargeAboveMaximum',
        'The largest bank recharge is 100000 USDT',
      ],
      ['unknown coin', { coin: 'NOPE' }, 'unknownCoin', ''],
      [
        'no bank details',
        { coin: 'BTC' },
        'rechargeBankUnavailable',
        'This coin cannot be recharged by bank transfer',
      ],
      [
        'no screenshot',
        { screenshotId: undefined },
        'rechargeScreenshotRequired',
        'Upload the payment screenshot',
      ],
      ['others file', { screenshotId: othersFile }, 'rechargeScreenshotUnknown', ''],
      [
        'a document photo',
        { screenshotId: documentFile.body.data.id },
        'rechargeScreenshotUnknown',
        '',
      ],
      ['no such file', { screenshotId: randomUUID() }, 'rechargeScreenshotUnknown', ''],
    ];
    for (const [label, change, reason, msg] of cases) {
      const body = { coin: 'USDT', amount: '20', screenshotId: own, ...change };
      const res = await call(s.app, 'POST', SUBMIT, body, user.headers);
      expect([res.status, res.body.data?.reason], label).toEqual([400, reason]);
      if (msg) expect(res.body.msg, label).toBe(msg);
    }
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await reviewsOf(user.id)).toEqual([]);
  });

  it('takes screenshots by content only, and within the size limit', async () => {
    const user = await newUser(s.app);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
    const asPng = await upload(s.app, user, pdf, { filename: 'receipt.png' });
    expect([asPng.status, asPng.body.data.reason]).toEqual([400, 'uploadTypeRefused']);
    const text = await upload(s.app, user, Buffer.from('paid 100 USDT, trust me'), {
      filename: 'pay.png',
    });
    expect([text.status, text.body.data.reason]).toEqual([400, 'uploadTypeRefused']);
    // Random pixels do not compress: far past the 256 KB this platform allows.
    const noisy = await sharp(randomBytes(600 * 600 * 3), {
      raw: { width: 600, height: 600, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(256 * 1024);
    const big = await upload(s.app, user, noisy);
    expect([big.status, big.body.data.reason]).toEqual([400, 'uploadTooLarge']);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with the first order, even in parallel', async () => {
    const user = await newUser(s.app);
    const screenshotId = await paidScreenshot(user);
    const headers = { ...user.headers, 'idempotency-key': `bank-${randomUUID()}` };
    const body = { coin: 'USDT', amount: '30', screenshotId };
    const [a, b] = await Promise.all([
      call(s.app, 'POST', SUBMIT, body, headers),
      call(s.app, 'POST', SUBMIT, body, headers),
    ]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const repeat = await call(s.app, 'POST', SUBMIT, body, headers);
    expect(repeat.body.data.orderNo).toBe(ok[0]!.body.data.orderNo);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it("never shows one user's recharges to another", async () => {
    const { user, order } = await submitted('60');
    const other = await newUser(s.app);
    const theirs = await call(s.app, 'POST', LOG, {}, other.headers);
    expect(theirs.body.data).toMatchObject({ list: [], total: 0 });
    const mine = await call(s.app, 'POST', LOG, {}, user.headers);
    expect(mine.body.data.list.map((r: { orderNo?: string }) => r.orderNo)).toEqual([
      order.orderNo,
    ]);
  });

  it('lets support read but not decide or view screenshots; compliance reads nothing', async () => {
    const { reviewId } = await submitted('20');
    expect((await ops(support, 'GET', `${QUEUE}/${reviewId}`)).status).toBe(200);
    for (const verb of ['claim', 'approve', 'reject']) {
      const res = await ops(support, 'POST', `${QUEUE}/${reviewId}/${verb}`, { reason: 'Nope' });
      expect([res.status, res.body.data.reason], verb).toEqual([403, 'operatorForbidden']);
    }
    expect((await ops(support, 'GET', `${QUEUE}/${reviewId}/screenshot`)).status).toBe(403);
    expect((await ops(compliance, 'GET', QUEUE)).status).toBe(403);

    const seen = await ops(finance, 'GET', `${QUEUE}/${reviewId}/screenshot`);
    expect(seen.status).toBe(200);
    expect(Buffer.from(seen.body.data.base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const fileId = (await ops(finance, 'GET', `${QUEUE}/${reviewId}`)).body.data.screenshot.id;
    expect(await audit('document.view', fileId)).toHaveLength(1);
    const dashboard = await ops(support, 'GET', '/api/ops/dashboard');
    const queue = dashboard.body.data.queues.find((q: { kind: string }) => q.kind === 'recharge');
    expect(queue.pending).toBeGreaterThanOrEqual(1);
  });

  it('edits the bank details with an audit row; a coin switched off offers no bank transfer', async () => {
    const details = {
      bankName: 'Example Bank AG',
      accountName: 'Meridian Ops',
      accountNumber: 'DE89 3704 0044 0532 0130 00',
      swift: 'COBADEFF',
      note: 'SEPA only',
      minAmount: '0.001',
      maxAmount: '2',
      enabled: true,
    };
    const refused = await ops(compliance, 'POST', '/api/ops/recharge-banks/BTC', details);
    expect(refused.status).toBe(403);
    const bounds = await ops(finance, 'POST', '/api/ops/recharge-banks/BTC', {
      ...details,
      minAmount: '3',
    });
    expect([bounds.status, bounds.body.data.reason]).toEqual([400, 'rechargeBankBounds']);
    const refusals: Array<[object, number, string]> = [
      [{ minAmount: '-1' }, 400, 'rechargeAmountPositive'],
      [{ maxAmount: '0' }, 400, 'rechargeAmountPositive'],
      [{ minAmount: '0.000000001' }, 400, 'depositAmountPrecision'],
      [{ swift: 'NOT A BIC' }, 400, 'validation'],
      [{ accountNumber: '' }, 400, 'validation'],
    ];
    for (const [change, status, reason] of refusals) {
      const res = await ops(finance, 'POST', '/api/ops/recharge-banks/BTC', {
        ...details,
        ...change,
      });
      expect([res.status, res.body.data.reason], JSON.stringify(change)).toEqual([status, reason]);
    }
    const unknown = await ops(finance, 'POST', '/api/ops/recharge-banks/NOPE', details);
    expect([unknown.status, unknown.body.data.reason]).toEqual([400, 'unknownCoin']);
    expect(await audit('rechargeBank.save', 'BTC')).toEqual([]);
    const saved = await ops(finance, 'POST', '/api/ops/recharge-banks/BTC', details);
    expect(saved.status).toBe(200);
    expect(await audit('rechargeBank.save', 'BTC')).toHaveLength(1);
    const user = await newUser(s.app);
    const offered = await call(s.app, 'GET', '/api/recharge/banks', undefined, user.headers);
    expect(offered.body.data.map((b: { coin: string }) => b.coin)).toEqual(['BTC', 'USDT']);

    await ops(finance, 'POST', '/api/ops/recharge-banks/BTC', { ...details, enabled: false });
    const after = await call(s.app, 'GET', '/api/recharge/banks', undefined, user.headers);
    expect(after.body.data.map((b: { coin: string }) => b.coin)).toEqual(['USDT']);
    const screenshotId = await paidScreenshot(user);
    const res = await call(
      s.app,
      'POST',
      SUBMIT,
      { coin: 'BTC', amount: '1', screenshotId },
      user.headers,
    );
    expect([res.status, res.body.data.reason]).toEqual([400, 'rechargeBankUnavailable']);
    const all = await ops(support, 'GET', '/api/ops/recharge-banks');
    expect(all.body.data.find((b: { coin: string }) => b.coin === 'BTC')).toMatchObject({
      enabled: false,
      swift: 'COBADEFF',
    });
  });

  it('a key whose submit died with the process is answered by the order it made', async () => {
    const user = await newUser(s.app);
    const screenshotId = await paidScreenshot(user);
    const key = `bank-${randomUUID()}`;
    const headers = { ...user.headers, 'idempotency-key': key };
    const body = { coin: 'USDT', amount: '33', screenshotId };
    const first = await call(s.app, 'POST', SUBMIT, body, headers);
    expect(first.status).toBe(200);
    // As if the process stopped after the order's transaction, before the answer was kept.
    await s.platform.database.db
      .updateTable('idempotency_keys')
      .set({ response: null })
      .where('user_id', '=', user.id)
      .where('key', '=', key)
      .execute();
    s.clock.advance(1);
    s = await s.restart();
    const again = await call(s.app, 'POST', SUBMIT, body, headers);
    expect([again.status, again.body.data.orderNo]).toEqual([200, first.body.data.orderNo]);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it('a stop between the approval and the credit: the next start credits it, once', async () => {
    const { user, order } = await submitted('90');
    const second = await submitted('15');
    // The decision committed and the process stopped before its credit (approve's settle).
    await db()
      .updateTable('bank_recharges')
      .set({ state: 'approved' })
      .where('id', 'in', [order.id, second.order.id])
      .execute();
    // The second one's credit reached the engine before the stop; only its mark is missing.
    await s.platform.engine.deposit(
      second.user.id,
      'USDT',
      '15',
      `bank:${second.order.id}`,
      'bank_receipts',
    );
    s = await s.restart();
    expect(usdt(user.id)).toBe('90');
    expect(usdt(second.user.id)).toBe('15');
    const states = await db()
      .selectFrom('bank_recharges')
      .select(['id', 'state'])
      .where('id', 'in', [order.id, second.order.id])
      .execute();
    expect(states.map((r) => r.state)).toEqual(['credited', 'credited']);
    s = await s.restart();
    expect(usdt(user.id)).toBe('90');
    expect(usdt(second.user.id)).toBe('15');
  });
});
