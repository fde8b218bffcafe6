import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../../../app.ts';
import {
  auth,
  call,
  latestCode,
  registerByEmail,
  seal,
  sentTo,
  startAccounts,
  totpCode,
  UA_FIREFOX,
  type TestClock,
} from '../../../../test/accounts-helpers.ts';
import { tempDir, testConfig } from '../../../../test/helpers.ts';

let platform: Platform | undefined;
afterEach(async () => {
  await platform?.app.close();
  platform = undefined;
});

async function start(env: Record<string, string> = {}) {
  const started = await startAccounts(env);
  platform = started.platform;
  return started;
}

async function userCount() {
  const row = await platform!.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('registration', () => {
  it('registers by email with the code from the outbox and signs the user in', async () => {
    const { app } = await start();
    const session = await registerByEmail(app, 'Alice@Example.org');
    expect(session.token).toMatch(/^[\w-]{43}$/);
    const info = await call(app, 'POST', '/api/user/getInfo', undefined, auth(session.token));
    expect(info.body).toMatchObject({
      code: 200,
      data: {
        email: 'alice@example.org',
        creditScore: 100,
        is_merchant: 1,
        merchant: null,
        vip: false,
        googleBound: false,
        fundPasswordSet: false,
      },
    });
    expect(info.body.data.userId).toMatch(/^[1-9]\d{7}$/);
    // The raw token works in satoken and in authorization without "Bearer".
    const variants: Array<Record<string, string>> = [
      { satoken: session.token },
      { authorization: session.token },
    ];
    for (const headers of variants) {
      expect((await call(app, 'POST', '/api/user/getInfo', undefined, headers)).status).toBe(200);
    }
  });

  it('keeps the inviter from the invite code, and refuses an unknown one', async () => {
    const { app } = await start();
    const inviter = await registerByEmail(app, 'inviter@example.org');
    const invitee = await registerByEmail(app, 'invitee@example.org', 'Secret123', {
      inviteCode: inviter.userInfo.inviteCode,
    });
    const row = await platform!.database.db
      .selectFrom('users')
      .select('inviter_id')
      .where('id', '=', invitee.userInfo.id)
      .executeTakeFirstOrThrow();
    expect(row.inviter_id).toBe(inviter.userInfo.id);

    const res = await call(app, 'POST', '/api/user/register', {
      type: 'account',
      account: 'nobody1',
      password: 'Secret123',
      inviteCode: 'ZZZZ9999',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.field).toBe('inviteCode');
  });

  it('registers by account name without a code, and refuses a second of the same name', async () => {
    const { app } = await start();
    const body = {
      type: 'account',
      account: 'Trader_01',
      password: 'abc123',
      confirmPassword: 'abc123',
    };
    expect((await call(app, 'POST', '/api/user/register', body)).status).toBe(200);
    const again = await call(app, 'POST', '/api/user/register', { ...body, account: 'trader_01' });
    expect(again.status).toBe(409);
    expect(await userCount()).toBe(3); // two demo users and this one
  });

  it.each([
    [{ password: 'short' }, 'body.password'],
    [{ password: 'onlyletters' }, 'body.password'],
    [{ password: '12345678' }, 'body.password'],
    [{ account: '1abc' }, 'body.account'],
    [{ extra: true }, 'body.extra'],
  ])('refuses %o naming %s, creating nothing', async (change, field) => {
    const { app } = await start();
    const res = await call(app, 'POST', '/api/user/register', {
      type: 'account',
      account: 'someone',
      password: 'Secret123',
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body.data.field).toBe(field);
    expect(await userCount()).toBe(2);
  });

  it('refuses mismatched confirmation', async () => {
    const { app } = await start();
    const res = await call(app, 'POST', '/api/user/register', {
      type: 'account',
      account: 'someone',
      password: 'Secret123',
      confirmPassword: 'Secret124',
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('The two passwords do not match');
  });
});

describe('verification codes', () => {
  async function sendCode(app: Platform['app'], email: string) {
    return call(app, 'POST', '/api/user/sendEmailCode', { email, purpose: 'register' });
  }
  const register = (app: Platform['app'], email: string, code: string) =>
    call(app, 'POST', '/api/user/register', { type: 'email', email, code, password: 'Secret123' });

  it('refuses a wrong code, and after 5 wrong tries the right one too', async () => {
    const { app } = await start();
    await sendCode(app, 'bob@example.org');
    const code = await latestCode(app, 'bob@example.org');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await register(app, 'bob@example.org', wrong);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('The verification code is wrong or has expired');
    }
    expect((await register(app, 'bob@example.org', code)).status).toBe(400);
    expect(await userCount()).toBe(2);
  });

  it('refuses an expired code and a used one', async () => {
    const { app, clock } = await start();
    await sendCode(app, 'carol@example.org');
    const code = await latestCode(app, 'carol@example.org');
    clock.advance(601);
    expect((await register(app, 'carol@example.org', code)).status).toBe(400);

    await sendCode(app, 'dave@example.org');
    const fresh = await latestCode(app, 'dave@example.org');
    expect((await register(app, 'dave@example.org', fresh)).status).toBe(200);
    const reuse = await call(app, 'POST', '/api/user/register', {
      type: 'email',
      email: 'dave2@example.org',
      code: fresh,
      password: 'Secret123',
    });
    expect(reuse.status).toBe(400);
  });

  it('makes the user wait 60 seconds before another code, and says how long', async () => {
    const { app, clock } = await start();
    expect((await sendCode(app, 'erin@example.org')).body.data).toEqual({ resendAfterSeconds: 60 });
    clock.advance(20);
    const early = await sendCode(app, 'erin@example.org');
    expect(early.status).toBe(429);
    expect(early.body.msg).toBe('Please wait 40 seconds before requesting another code');
    clock.advance(41);
    expect((await sendCode(app, 'erin@example.org')).status).toBe(200);
  });

  it('a code works only for the purpose it was sent for', async () => {
    const { app } = await start();
    await call(app, 'POST', '/api/user/sendEmailCode', {
      email: 'fay@example.org',
      purpose: 'reset',
    });
    // No account has this address: a reset code is not sent, though the answer is the same.
    await expect(latestCode(app, 'fay@example.org')).rejects.toThrow();
    await call(app, 'POST', '/api/user/sendEmailCode', {
      email: 'fay@example.org',
      purpose: 'bind',
    });
    const code = await latestCode(app, 'fay@example.org');
    expect((await register(app, 'fay@example.org', code)).status).toBe(400);
  });

  it('sends codes by SMS to the full number', async () => {
    const { app } = await start();
    const sent = await call(
      app,
      'GET',
      '/api/core/coin/open/send/sms?phone=5550100&areaCode=1&purpose=register',
    );
    expect(sent.status).toBe(200);
    const code = await latestCode(app, '+15550100');
    const res = await call(app, 'POST', '/api/user/register', {
      type: 'phone',
      phone: '5550100',
      areaCode: '1',
      code,
      password: 'Secret123',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.userInfo.phone).toBe('+15550100');
  });
});

describe('login', () => {
  const login = (app: Platform['app'], username: string, password: string, extra = {}) =>
    call(app, 'POST', '/api/user/login', { type: 'email', username, password, ...extra });

  it('logs in the demo user and records the device and the login', async () => {
    const { app } = await start();
    const res = await login(app, 'demo1@meridian.local', 'Demo1234');
    expect(res.status).toBe(200);
    const token = res.body.data.token as string;
    const log = await call(app, 'GET', '/api/core/coin/member/getLoginLog', undefined, auth(token));
    expect(log.body.data).toMatchObject({ total: 1, current: 1, size: 15 });
    expect(log.body.data.records[0]).toMatchObject({
      success: true,
      deviceName: 'Chrome on Linux',
    });
  });

  it('answers the same for a wrong password and an unknown account', async () => {
    const { app } = await start();
    const wrong = await login(app, 'demo1@meridian.local', 'Wrong1234');
    const unknown = await login(app, 'ghost@meridian.local', 'Wrong1234');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.msg).toBe('Account or password is incorrect');
  });

  it('locks an account for 15 minutes after 5 failures', async () => {
    const { app, clock } = await start();
    for (let i = 0; i < 5; i++) await login(app, 'demo1@meridian.local', 'Wrong1234');
    const locked = await login(app, 'demo1@meridian.local', 'Demo1234');
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toBe('Too many failed attempts; try again in 15 minutes');
    clock.advance(15 * 60 + 1);
    expect((await login(app, 'demo1@meridian.local', 'Demo1234')).status).toBe(200);
  });

  it('refuses the right password sent among 20 parallel guesses, unseen', async () => {
    const { app } = await start();
    const guesses = Array.from({ length: 20 }, (_, i) =>
      login(app, 'demo1@meridian.local', i === 19 ? 'Demo1234' : `Wrong${i}x99`),
    );
    const answers = await Promise.all(guesses);
    // Five attempts are looked at; every later one, the right password included, is not.
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    expect(answers[19]!.status).toBe(429);
    expect((await login(app, 'demo1@meridian.local', 'Demo1234')).status).toBe(429);
  });

  it('locks the source that guessed, not the owner elsewhere', async () => {
    const { app, clock } = await start();
    const from = (ip: string) => (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ type: 'email', username: 'demo1@meridian.local', password }),
      });
    const attacker = from('203.0.113.7');
    const owner = from('198.51.100.20');
    for (let i = 0; i < 5; i++) expect((await attacker('Wrong1234')).statusCode).toBe(400);
    expect((await attacker('Demo1234')).statusCode).toBe(429);
    expect((await owner('Demo1234')).statusCode).toBe(200);
    // The backstop: guesses spread over many sources lock the login itself.
    for (let n = 0; n < 10; n++) {
      for (let i = 0; i < 5; i++) await from(`192.0.2.${n}`)('Wrong1234');
    }
    expect((await owner('Demo1234')).statusCode).toBe(429);
    clock.advance(15 * 60 + 1);
    expect((await owner('Demo1234')).statusCode).toBe(200);
  });

  it('limits login requests per IP', async () => {
    const { app } = await start();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await login(app, `x${i}@example.org`, 'Wrong1234')).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe('sessions', () => {
  it('rotates the refresh token; reusing an old one revokes the session', async () => {
    const { app } = await start();
    const first = await registerByEmail(app, 'gus@example.org');
    const second = await call(app, 'POST', '/api/user/refreshToken', {
      refreshToken: first.refreshToken,
    });
    expect(second.status).toBe(200);
    expect(second.body.data.token).not.toBe(first.token);
    // The old access token is gone with the rotation; the new one works.
    expect(
      (await call(app, 'POST', '/api/user/getInfo', undefined, auth(first.token))).status,
    ).toBe(401);
    expect(
      (await call(app, 'POST', '/api/user/getInfo', undefined, auth(second.body.data.token)))
        .status,
    ).toBe(200);

    const replay = await call(app, 'POST', '/api/user/refreshToken', {
      refreshToken: first.refreshToken,
    });
    expect(replay.status).toBe(401);
    const after = await call(
      app,
      'POST',
      '/api/user/getInfo',
      undefined,
      auth(second.body.data.token),
    );
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('Your session has expired; please log in again');
    const refreshAgain = await call(app, 'POST', '/api/user/refreshToken', {
      refreshToken: second.body.data.refreshToken,
    });
    expect(refreshAgain.status).toBe(401);
  });

  it('logout revokes the token at once', async () => {
    const { app } = await start();
    const session = await registerByEmail(app, 'hal@example.org');
    expect(
      (await call(app, 'POST', '/api/user/logout', undefined, auth(session.token))).status,
    ).toBe(200);
    const res = await call(app, 'POST', '/api/user/getInfo', undefined, auth(session.token));
    expect(res.status).toBe(401);
  });

  it('expires access tokens after 8 days', async () => {
    const { app, clock } = await start();
    const session = await registerByEmail(app, 'ivy@example.org');
    clock.advance(8 * 24 * 3600 + 1);
    expect(
      (await call(app, 'POST', '/api/user/getInfo', undefined, auth(session.token))).status,
    ).toBe(401);
  });

  it('answers a call without a token with 401 "please log in"', async () => {
    const { app } = await start();
    const res = await call(app, 'POST', '/api/user/getInfo');
    expect(res).toMatchObject({ status: 401, body: { code: 401, msg: 'Please log in first' } });
  });
});

describe('passwords', () => {
  it('changes the login password from a sealed payload, revoking other sessions', async () => {
    const { app, clock } = await start();
    const here = await registerByEmail(app, 'jo@example.org');
    const elsewhere = await call(
      app,
      'POST',
      '/api/user/login',
      { type: 'email', username: 'jo@example.org', password: 'Secret123' },
      { 'user-agent': UA_FIREFOX },
    );
    const sealed = await seal(app, {
      oldPassword: 'Secret123',
      newPassword: 'Newpass456',
      confirmPassword: 'Newpass456',
    });
    const res = await call(app, 'POST', '/api/user/updateUserLoginPwd', sealed, auth(here.token));
    expect(res.status).toBe(200);
    expect(res.body.data.withdrawBlockedUntil).toBe(
      new Date(clock.now().getTime() + 86400_000).toISOString(),
    );
    expect((await call(app, 'POST', '/api/user/getInfo', undefined, auth(here.token))).status).toBe(
      200,
    );
    expect(
      (await call(app, 'POST', '/api/user/getInfo', undefined, auth(elsewhere.body.data.token)))
        .status,
    ).toBe(401);
    const oldLogin = await call(app, 'POST', '/api/user/login', {
      type: 'email',
      username: 'jo@example.org',
      password: 'Secret123',
    });
    expect(oldLogin.status).toBe(400);
    const newLogin = await call(app, 'POST', '/api/user/login', {
      type: 'email',
      username: 'jo@example.org',
      password: 'Newpass456',
    });
    expect(newLogin.status).toBe(200);
  });

  it('refuses a wrong old password, a weak new one and an unsealed body', async () => {
    const { app } = await start();
    const s = await registerByEmail(app, 'kim@example.org');
    const wrongOld = await seal(app, {
      oldPassword: 'Nope12345',
      newPassword: 'Newpass456',
      confirmPassword: 'Newpass456',
    });
    expect(
      (await call(app, 'POST', '/api/user/updateUserLoginPwd', wrongOld, auth(s.token))).body.msg,
    ).toBe('The current password is incorrect');
    const weak = await seal(app, {
      oldPassword: 'Secret123',
      newPassword: 'weak',
      confirmPassword: 'weak',
    });
    expect(
      (await call(app, 'POST', '/api/user/updateUserLoginPwd', weak, auth(s.token))).status,
    ).toBe(400);
    const plain = await call(
      app,
      'POST',
      '/api/user/updateUserLoginPwd',
      { oldPassword: 'Secret123', newPassword: 'Newpass456' },
      auth(s.token),
    );
    expect(plain.status).toBe(400);
    const tampered = { ...wrongOld, data: wrongOld.data.slice(0, -4) + 'AAAA' };
    const res = await call(app, 'POST', '/api/user/updateUserLoginPwd', tampered, auth(s.token));
    expect(res.body.msg).toBe(
      'The encrypted data could not be read; reload the page and try again',
    );
    const login = await call(app, 'POST', '/api/user/login', {
      type: 'email',
      username: 'kim@example.org',
      password: 'Secret123',
    });
    expect(login.status).toBe(200);
  });

  it('resets the password with an email code and signs every session out', async () => {
    const { app, clock } = await start();
    const s = await registerByEmail(app, 'lee@example.org');
    clock.advance(61);
    await call(app, 'POST', '/api/user/sendEmailCode', {
      email: 'lee@example.org',
      purpose: 'reset',
    });
    const code = await latestCode(app, 'lee@example.org');
    const res = await call(app, 'POST', '/api/user/backPwd', {
      email: 'lee@example.org',
      code,
      password: 'Reset7890',
      confirmPassword: 'Reset7890',
    });
    expect(res.status).toBe(200);
    expect((await call(app, 'POST', '/api/user/getInfo', undefined, auth(s.token))).status).toBe(
      401,
    );
    const login = await call(app, 'POST', '/api/user/login', {
      type: 'email',
      username: 'lee@example.org',
      password: 'Reset7890',
    });
    expect(login.status).toBe(200);
  });

  it('sets the fund password once, then changes it only with an email code', async () => {
    const { app, clock } = await start();
    const s = await registerByEmail(app, 'max@example.org');
    const set = await seal(app, { password: 'Fund1234', confirmPassword: 'Fund1234' });
    expect((await call(app, 'POST', '/api/user/tardPwdSet', set, auth(s.token))).status).toBe(200);
    expect(
      (await call(app, 'POST', '/api/user/getInfo', undefined, auth(s.token))).body.data
        .fundPasswordSet,
    ).toBe(true);
    const again = await seal(app, { password: 'Fund5678', confirmPassword: 'Fund5678' });
    expect((await call(app, 'POST', '/api/user/tardPwdSet', again, auth(s.token))).status).toBe(
      409,
    );
    clock.advance(61);

    await call(app, 'POST', '/api/user/sendEmailCode', {
      email: 'max@example.org',
      purpose: 'fundPassword',
    });
    const code = await latestCode(app, 'max@example.org');
    const change = await seal(app, { password: 'Fund5678', confirmPassword: 'Fund5678', code });
    expect(
      (await call(app, 'POST', '/api/core/coin/member/tradePwd', change, auth(s.token))).status,
    ).toBe(200);
  });
});

describe('Google authenticator', () => {
  async function bind(app: Platform['app'], clock: TestClock, token: string) {
    const pending = await call(
      app,
      'GET',
      '/api/core/coin/member/getGoogleVerification/bind',
      undefined,
      auth(token),
    );
    expect(pending.body.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/Meridian:/);
    const secret = pending.body.data.secret as string;
    const code = await totpCode(secret, clock);
    const res = await call(
      app,
      'GET',
      `/api/core/coin/member/googleVerificationBindingOrReset/${code}/1`,
      undefined,
      auth(token),
    );
    expect(res.body.data).toEqual({ bound: true });
    return { secret, code };
  }

  it('binds with a code, then asks for a code at login, once per code', async () => {
    const { app, clock } = await start();
    const s = await registerByEmail(app, 'ned@example.org');
    const { secret, code: bindCode } = await bind(app, clock, s.token);
    const credentials = { type: 'email', username: 'ned@example.org', password: 'Secret123' };

    const step1 = await call(app, 'POST', '/api/user/login', credentials);
    expect(step1.status).toBe(202);
    expect(step1.body).toMatchObject({ code: 202, data: null });

    // The code used to bind cannot log in: each code is accepted once.
    const replay = await call(app, 'POST', '/api/user/login', {
      ...credentials,
      googleCode: bindCode,
    });
    expect(replay.body.msg).toBe('The authenticator code is wrong or was already used');

    clock.advance(30);
    const fresh = await totpCode(secret, clock);
    const step2 = await call(app, 'POST', '/api/user/login', { ...credentials, googleCode: fresh });
    expect(step2.status).toBe(200);
    const again = await call(app, 'POST', '/api/user/login', { ...credentials, googleCode: fresh });
    expect(again.status).toBe(400);
  });

  it('resets only with a valid code from the bound authenticator', async () => {
    const { app, clock } = await start();
    const s = await registerByEmail(app, 'ora@example.org');
    const { secret } = await bind(app, clock, s.token);
    const bad = await call(
      app,
      'GET',
      '/api/core/coin/member/googleVerificationBindingOrReset/000000',
      undefined,
      auth(s.token),
    );
    expect(bad.status).toBe(400);
    clock.advance(30);
    const code = await totpCode(secret, clock);
    const reset = await call(
      app,
      'GET',
      `/api/core/coin/member/googleVerificationBindingOrReset/${code}`,
      undefined,
      auth(s.token),
    );
    expect(reset.body.data).toEqual({ bound: false });
  });

  it('refuses a stolen session replacing the bound authenticator without its code', async () => {
    const { app, clock } = await start();
    const s = await registerByEmail(app, 'wes@example.org');
    const owner = await bind(app, clock, s.token);
    // The thief asks for a fresh secret and proves only that they hold it.
    const pending = await call(
      app,
      'GET',
      '/api/core/coin/member/getGoogleVerification/bind',
      undefined,
      auth(s.token),
    );
    clock.advance(30);
    const theirs = await totpCode(pending.body.data.secret as string, clock);
    const swap = await call(
      app,
      'GET',
      `/api/core/coin/member/googleVerificationBindingOrReset/${theirs}/1`,
      undefined,
      auth(s.token),
    );
    expect(swap.status).toBe(400);
    expect(swap.body.msg).toMatch(/already bound/);
    // The owner's authenticator still signs in.
    const credentials = { type: 'email', username: 'wes@example.org', password: 'Secret123' };
    const code = await totpCode(owner.secret, clock);
    expect(
      (await call(app, 'POST', '/api/user/login', { ...credentials, googleCode: code })).status,
    ).toBe(200);
  });

  it('resets a lost authenticator with an email code, pauses withdrawals, emails every change', async () => {
    const { app, clock } = await start();
    const s = await registerByEmail(app, 'xia@example.org');
    await bind(app, clock, s.token);
    const reset = (code: string) =>
      call(
        app,
        'GET',
        `/api/core/coin/member/googleVerificationBindingOrReset/${code}/3`,
        undefined,
        auth(s.token),
      );
    expect((await reset('123456')).status).toBe(400);
    clock.advance(61);
    await call(
      app,
      'POST',
      '/api/user/sendEmailCode',
      { email: 'xia@example.org', purpose: 'security' },
      auth(s.token),
    );
    const done = await reset(await latestCode(app, 'xia@example.org'));
    expect(done.body.data).toEqual({ bound: false });
    const info = await call(app, 'POST', '/api/user/getInfo', undefined, auth(s.token));
    expect(info.body.data.googleBound).toBe(false);
    expect(info.body.data.withdrawBlockedUntil).toBe(
      new Date(clock.now().getTime() + 86400_000).toISOString(),
    );
    const notices = (await sentTo(app, 'xia@example.org'))
      .filter((m) => m.subject === 'Meridian security notice')
      .map((m) => m.body);
    expect(notices).toHaveLength(2);
    expect(notices[0]).toMatch(/reset with an email code.*24 hours/);
    expect(notices[1]).toMatch(/authenticator app was bound/);
  });
});

describe("another user's data", () => {
  it("can never rename or remove another user's device, or see their log", async () => {
    const { app } = await start();
    const a = await registerByEmail(app, 'pam@example.org');
    const b = await registerByEmail(app, 'quin@example.org');
    const devices = await call(
      app,
      'GET',
      '/api/core/coin/member/getLoginDevice',
      undefined,
      auth(a.token),
    );
    const deviceId = devices.body.data[0].id as string;
    expect(devices.body.data[0]).toMatchObject({ current: true, activeSessions: 1 });

    const rename = await call(
      app,
      'POST',
      '/api/core/coin/member/updateDevice',
      { id: deviceId, name: 'mine now' },
      auth(b.token),
    );
    expect(rename.status).toBe(404);
    const remove = await call(
      app,
      'POST',
      `/api/core/coin/member/deleteDevice/${deviceId}`,
      undefined,
      auth(b.token),
    );
    expect(remove.status).toBe(404);
    expect((await call(app, 'POST', '/api/user/getInfo', undefined, auth(a.token))).status).toBe(
      200,
    );
    const bLog = await call(
      app,
      'GET',
      '/api/core/coin/member/getLoginLog',
      undefined,
      auth(b.token),
    );
    expect(bLog.body.data.records.every((r: { id: string }) => r.id)).toBe(true);
    expect(bLog.body.data.total).toBe(1);
  });

  it('renames a device, and removing it signs it out', async () => {
    const { app } = await start();
    const a = await registerByEmail(app, 'rex@example.org');
    const other = await call(
      app,
      'POST',
      '/api/user/login',
      { type: 'email', username: 'rex@example.org', password: 'Secret123' },
      { 'user-agent': UA_FIREFOX },
    );
    const list = await call(
      app,
      'GET',
      '/api/core/coin/member/getLoginDevice',
      undefined,
      auth(a.token),
    );
    expect(list.body.data).toHaveLength(2);
    const firefox = list.body.data.find((d: { name: string }) => d.name === 'Firefox on Windows');
    const renamed = await call(
      app,
      'POST',
      '/api/core/coin/member/updateDevice',
      { id: firefox.id, name: 'Work PC' },
      auth(a.token),
    );
    expect(renamed.status).toBe(200);
    await call(
      app,
      'POST',
      `/api/core/coin/member/deleteDevice/${firefox.id}`,
      undefined,
      auth(a.token),
    );
    expect(
      (await call(app, 'POST', '/api/user/getInfo', undefined, auth(other.body.data.token))).status,
    ).toBe(401);
    expect((await call(app, 'POST', '/api/user/getInfo', undefined, auth(a.token))).status).toBe(
      200,
    );
  });

  it('shows API key secrets once, and never lets another user delete a key', async () => {
    const { app } = await start();
    const a = await registerByEmail(app, 'sue@example.org');
    const b = await registerByEmail(app, 'tom@example.org');
    const created = await call(
      app,
      'POST',
      '/api/core/coin/member/api',
      {
        label: 'bot',
        scopes: ['read', 'trade'],
        ipAllowlist: ['203.0.113.0/24'],
        expiresInDays: 30,
      },
      auth(a.token),
    );
    expect(created.status).toBe(200);
    expect(created.body.data.secret).toMatch(/^[\w-]{43}$/);
    expect(created.body.data.scopes).toEqual(['read', 'trade']);
    const list = await call(app, 'GET', '/api/core/coin/member/apis', undefined, auth(a.token));
    expect(list.body.data).toHaveLength(1);
    expect(JSON.stringify(list.body.data)).not.toContain(created.body.data.secret);
    expect(
      (await call(app, 'GET', '/api/core/coin/member/apis', undefined, auth(b.token))).body.data,
    ).toEqual([]);

    const foreign = await call(
      app,
      'GET',
      `/api/core/coin/member/api/del?id=${created.body.data.id}`,
      undefined,
      auth(b.token),
    );
    expect(foreign.status).toBe(404);
    expect(
      (await call(app, 'GET', '/api/core/coin/member/apis', undefined, auth(a.token))).body.data,
    ).toHaveLength(1);
    const own = await call(
      app,
      'GET',
      `/api/core/coin/member/api/del?id=${created.body.data.id}`,
      undefined,
      auth(a.token),
    );
    expect(own.status).toBe(200);
    expect(
      (await call(app, 'GET', '/api/core/coin/member/apis', undefined, auth(a.token))).body.data,
    ).toEqual([]);
  });
});

describe('binding and anti-phishing', () => {
  it('binds an email to an account-name user and puts the anti-phishing code in every email', async () => {
    const { app, clock } = await start();
    const reg = await call(app, 'POST', '/api/user/register', {
      type: 'account',
      account: 'uma_trader',
      password: 'Secret123',
    });
    const token = reg.body.data.token as string;
    await call(app, 'POST', '/api/user/sendEmailCode', {
      email: 'uma@example.org',
      purpose: 'bind',
    });
    const bindCode = await latestCode(app, 'uma@example.org');
    expect(
      (
        await call(
          app,
          'POST',
          '/api/user/bindEmail',
          { email: 'uma@example.org', code: bindCode },
          auth(token),
        )
      ).status,
    ).toBe(200);

    clock.advance(61);
    await call(app, 'POST', '/api/user/sendEmailCode', {
      email: 'uma@example.org',
      purpose: 'security',
    });
    const code = await latestCode(app, 'uma@example.org');
    const set = await call(
      app,
      'POST',
      '/api/core/coin/member/antiCode',
      { antiCode: 'blue-heron', code },
      auth(token),
    );
    expect(set.status).toBe(200);

    clock.advance(61);
    await call(app, 'POST', '/api/user/sendEmailCode', {
      email: 'uma@example.org',
      purpose: 'fundPassword',
    });
    const outbox = await sentTo(app, 'uma@example.org');
    expect(outbox[0]!.body).toContain('Anti-phishing code: blue-heron');
    expect(outbox[1]!.body).not.toContain('blue-heron');
  });

  it('serves the outbox only in demo mode', async () => {
    const { app } = await start({ DEMO_MODE: 'false' });
    const res = await call(app, 'GET', '/api/dev/outbox?target=demo1@meridian.local');
    expect(res.status).toBe(403);
  });

  it("never shows a person's messages in the demo outbox: no reset code to read", async () => {
    const { app, clock } = await start();
    await registerByEmail(app, 'vic@example.org');
    clock.advance(61);
    const reset = await call(app, 'POST', '/api/user/sendEmailCode', {
      email: 'vic@example.org',
      purpose: 'reset',
    });
    expect(reset.status).toBe(200);
    const res = await call(app, 'GET', '/api/dev/outbox?target=VIC@example.org');
    expect(res.status).toBe(403);
    expect(res.body.data).toEqual({ reason: 'demoOutboxOnly' });
    expect(JSON.stringify(res.body)).not.toMatch(/\d{6}/);
    // The seeded demo accounts' own messages stay readable, for the demo's sake.
    await call(app, 'POST', '/api/user/sendEmailCode', {
      email: 'demo1@meridian.local',
      purpose: 'reset',
    });
    const demo = await call(app, 'GET', '/api/dev/outbox?target=demo1@meridian.local');
    expect(demo.body.data[0].body).toMatch(/\b\d{6}\b/);
  });
});

describe('demo balances', () => {
  it('funds each demo user once through ledger deposits, not again on a restart', async () => {
    const dataDir = tempDir();
    const env = { DEMO_MODE: 'true', DATA_DIR: dataDir };
    const first = await buildPlatform(testConfig(env), { logger: false });
    const usdt = () => first.engine.balances('10000001').find((b) => b.asset === 'USDT');
    expect(usdt()).toEqual({ asset: 'USDT', available: '100000', held: '0' });
    await first.app.close();

    const second = await buildPlatform(testConfig(env), { logger: false });
    platform = second;
    expect(second.engine.balances('10000002').find((b) => b.asset === 'BTC')).toEqual({
      asset: 'BTC',
      available: '1',
      held: '0',
    });
    expect(second.engine.balances('10000001').find((b) => b.asset === 'USDT')?.available).toBe(
      '100000',
    );
    const postings = await second.database.db
      .selectFrom('ledger_postings')
      .select(['from_account', 'amount', 'reason'])
      .where('ref_id', '=', 'demo-seed-10000001-USDT')
      .execute();
    expect(postings).toHaveLength(1);
    expect(postings[0]?.amount).toBe('100000');
  });
});
