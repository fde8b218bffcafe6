import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  newUser,
  primary,
  PRIMARY,
  startOn,
  submitted,
  testDatabases,
  uploadDocuments,
  type Started,
} from './verification-helpers.ts';

const VERIFIED = '/api/core/coin/member/verified';
const STATUS = '/api/core/coin/member/getMemberOtherData/yhrzxx';

// Both databases: the transitions are conditional updates, and the parallel cases must
// come out the same on SQLite (one writer) and PostgreSQL (row locks, read committed).
describe.each(testDatabases())('identity verification ($name)', (kind) => {
  let s: Started;
  beforeAll(async () => {
    s = await startOn(kind);
  });
  afterAll(async () => {
    await s.stop();
  });

  const status = async (headers: Record<string, string>) =>
    (await call(s.app, 'GET', STATUS, undefined, headers)).body.data;

  const rows = async (
    table: 'identity_verifications' | 'identity_submissions' | 'reviews',
    userId: string,
  ) => s.platform.database.db.selectFrom(table).selectAll().where('user_id', '=', userId).execute();

  it('starts with nothing, and refuses a visitor', async () => {
    const user = await newUser(s.app);
    expect(await status(user.headers)).toEqual({
      state: 'none',
      level: 0,
      primary: null,
      advanced: null,
      canSubmitPrimary: true,
      canSubmitAdvanced: false,
    });
    const visitor = await call(s.app, 'GET', STATUS, undefined, { lang: 'de' });
    expect(visitor.status).toBe(401);
    expect(visitor.body.msg).toBe('Bitte melden Sie sich zuerst an');
  });

  it('completes primary with the seed message, masks the ID number, and does it once', async () => {
    const user = await newUser(s.app);
    const res = await call(s.app, 'POST', VERIFIED, PRIMARY, { ...user.headers, lang: 'zh' });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('初级认证成功');
    expect(res.body.data).toMatchObject({
      state: 'basic',
      level: 1,
      primary: { name: 'Zhang San', idNumber: '11****2X', country: 'CN', idType: 'idCard' },
      advanced: null,
      canSubmitPrimary: false,
      canSubmitAdvanced: true,
    });
    const again = await call(s.app, 'POST', VERIFIED, { ...PRIMARY, name: 'Li Si' }, user.headers);
    expect(again.status).toBe(409);
    expect(again.body.data.reason).toBe('kycPrimaryDone');
    expect((await rows('identity_verifications', user.id))[0]?.name).toBe('Zhang San');
  });

  it('takes the older call with its fields in the query', async () => {
    const user = await newUser(s.app);
    const query = new URLSearchParams({
      level: 'primary',
      name: 'John Smith',
      idNumber: 'e1234 5678',
      country: 'us',
      idType: 'passport',
    });
    const res = await call(s.app, 'POST', `/api/user/uploadKYC?${query}`, undefined, user.headers);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Basic certification successful');
    const stored = (await rows('identity_verifications', user.id))[0];
    expect(stored).toMatchObject({ id_number: 'E12345678', country: 'US', id_type: 'passport' });
  });

  it.each([
    [{ ...PRIMARY, country: 'ZZ' }, 'kycCountryUnknown', 'country'],
    [{ ...PRIMARY, idNumber: '110105194912310029' }, 'kycIdNumberInvalid', 'idNumber'],
    [{ ...PRIMARY, idType: 'passport', idNumber: 'AB-12' }, 'kycIdNumberInvalid', 'idNumber'],
    [{ ...PRIMARY, name: ' ' }, 'validation', 'body.name'],
    [{ ...PRIMARY, idType: 'licence' }, 'validation', 'body.idType'],
    [{ ...PRIMARY, extra: 1 }, 'validation', 'body.extra'],
    [{ level: 'primary' }, 'validation', 'body.name'],
    [{ level: 'expert' }, 'validation', 'body.level'],
  ])('refuses %j with %s, changing nothing', async (body, reason, field) => {
    const user = await newUser(s.app);
    const res = await call(s.app, 'POST', VERIFIED, body, { ...user.headers, lang: 'fr' });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ reason, field });
    expect(res.body.msg).not.toMatch(/select|insert|stack|Error:/i);
    expect(await rows('identity_verifications', user.id)).toEqual([]);
  });

  it('asks for primary before advanced, and refuses files that are not the user’s', async () => {
    const user = await newUser(s.app);
    const files = await uploadDocuments(s.app, user.headers);
    const early = await call(
      s.app,
      'POST',
      VERIFIED,
      { level: 'advanced', ...files },
      user.headers,
    );
    expect(early.status).toBe(409);
    expect(early.body.data.reason).toBe('kycNeedsPrimary');

    await primary(s.app, user.headers);
    const other = await newUser(s.app, 'other');
    const theirs = await uploadDocuments(s.app, other.headers);
    for (const body of [
      { level: 'advanced', ...files, handFileId: theirs.handFileId },
      { level: 'advanced', ...files, handFileId: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const res = await call(s.app, 'POST', VERIFIED, body, user.headers);
      expect(res.status).toBe(400);
      expect(res.body.data.reason).toBe('kycDocumentMissing');
    }
    const same = await call(
      s.app,
      'POST',
      VERIFIED,
      { level: 'advanced', ...files, backFileId: files.frontFileId },
      user.headers,
    );
    expect(same.body.data.reason).toBe('kycDocumentsSame');
    expect(await rows('identity_submissions', user.id)).toEqual([]);
    expect((await status(user.headers)).state).toBe('basic');
  });

  it('submits advanced with the seed message; nothing more while it waits', async () => {
    const user = await newUser(s.app);
    await primary(s.app, user.headers);
    const files = await uploadDocuments(s.app, user.headers);
    const res = await call(
      s.app,
      'POST',
      VERIFIED,
      { level: 'advanced', ...files },
      {
        ...user.headers,
        lang: 'ja',
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('提出しました。審査をお待ちください');
    expect(res.body.data).toMatchObject({
      state: 'pending',
      level: 1,
      advanced: { state: 'pending', rejectReason: null, reviewedTime: null, ...files },
      canSubmitPrimary: false,
      canSubmitAdvanced: false,
    });
    for (const body of [{ level: 'advanced', ...files }, PRIMARY]) {
      const again = await call(s.app, 'POST', VERIFIED, body, user.headers);
      expect(again.status).toBe(409);
      expect(again.body.data.reason).toBe('kycPending');
    }
    expect(await rows('identity_submissions', user.id)).toHaveLength(1);
    expect(await rows('reviews', user.id)).toMatchObject([{ kind: 'identity', state: 'pending' }]);
  });

  it('lets one of two parallel advanced submissions win; the other leaves nothing', async () => {
    const user = await newUser(s.app);
    await primary(s.app, user.headers);
    const first = await uploadDocuments(s.app, user.headers);
    const second = await uploadDocuments(s.app, user.headers);
    const answers = await Promise.all(
      [first, second, first, second].map((files) =>
        call(s.app, 'POST', VERIFIED, { level: 'advanced', ...files }, user.headers),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.body.data.reason).toBe('kycPending');
    }
    expect(await rows('identity_submissions', user.id)).toHaveLength(1);
    expect(await rows('reviews', user.id)).toHaveLength(1);
  });

  it('lets one of two parallel primary submissions win', async () => {
    const user = await newUser(s.app);
    const answers = await Promise.all(
      ['A One', 'B Two', 'C Three'].map((name) =>
        call(s.app, 'POST', VERIFIED, { ...PRIMARY, name }, user.headers),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await rows('identity_verifications', user.id)).toHaveLength(1);
  });

  it('refuses the junk and the empty', async () => {
    const user = await newUser(s.app);
    await submitted(s.app, user.headers);
    const res = await call(s.app, 'POST', VERIFIED, undefined, user.headers);
    expect(res.status).toBe(400);
  });
});
