import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOperator, type SignedInOperator } from '../../../../test/operator-helpers.ts';
import { CLAIM_SECONDS } from '../review-queue.ts';
import {
  call,
  newUser,
  startOn,
  submitted,
  testDatabases,
  type Started,
} from './verification-helpers.ts';

const QUEUE = '/api/ops/reviews/identity';
const STATUS = '/api/core/coin/member/getMemberOtherData/yhrzxx';
const VERIFIED = '/api/core/coin/member/verified';

describe.each(testDatabases())('identity review queue ($name)', (kind) => {
  let s: Started;
  let support: SignedInOperator;
  let compliance: SignedInOperator;
  let compliance2: SignedInOperator;
  let admin: SignedInOperator;
  let finance: SignedInOperator;

  beforeAll(async () => {
    s = await startOn(kind);
    const signIn = (role: 'support' | 'compliance' | 'admin' | 'finance') =>
      signInOperator(s.platform, role, { clock: s.clock });
    [support, compliance, compliance2, admin] = await Promise.all([
      signIn('support'),
      signIn('compliance'),
      signIn('compliance'),
      signIn('admin'),
    ]);
    finance = await signIn('finance');
  });
  afterAll(async () => {
    await s.stop();
  });

  const ops = (
    who: SignedInOperator | { headers: Record<string, string> },
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ) => call(s.app, method, url, body, who.headers);

  const audit = (action: string, targetId: string) =>
    s.platform.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', targetId)
      .execute();

  /** A user whose advanced submission waits, and its review's id. */
  async function waiting() {
    const user = await newUser(s.app);
    const files = await submitted(s.app, user.headers);
    const list = await ops(support, 'GET', `${QUEUE}?state=pending&userId=${user.id}`);
    expect(list.body.data.total).toBe(1);
    return { user, files, reviewId: list.body.data.records[0].id as string };
  }

  it('lists pending items with the declared data, and counts them for the dashboard', async () => {
    const { user, reviewId } = await waiting();
    const list = await ops(support, 'GET', `${QUEUE}?state=pending&userId=${user.id}`);
    expect(list.body.data.records[0]).toMatchObject({
      id: reviewId,
      kind: 'identity',
      userId: user.id,
      state: 'pending',
      claimedBy: null,
      name: 'Zhang San',
      country: 'CN',
      idType: 'idCard',
    });
    const dashboard = await ops(support, 'GET', '/api/ops/dashboard');
    const identity = dashboard.body.data.queues.find(
      (q: { kind: string }) => q.kind === 'identity',
    );
    expect(identity.pending).toBeGreaterThanOrEqual(1);
  });

  it('refuses a user token and a visitor on every operator call', async () => {
    const { user, reviewId } = await waiting();
    const calls: Array<['GET' | 'POST', string]> = [
      ['GET', QUEUE],
      ['GET', `${QUEUE}/${reviewId}`],
      ['POST', `${QUEUE}/${reviewId}/claim`],
      ['POST', `${QUEUE}/${reviewId}/release`],
      ['POST', `${QUEUE}/${reviewId}/approve`],
      ['POST', `${QUEUE}/${reviewId}/reject`],
      ['GET', `/api/ops/files/${reviewId}`],
    ];
    for (const [method, url] of calls) {
      for (const headers of [user.headers, {}]) {
        const res = await call(
          s.app,
          method,
          url,
          method === 'POST' ? { reason: 'nope' } : undefined,
          headers,
        );
        expect(res.status, `${method} ${url}`).toBe(401);
      }
    }
  });

  it('lets support read but not decide or view documents; compliance does both', async () => {
    const { reviewId, files } = await waiting();
    const detail = await ops(support, 'GET', `${QUEUE}/${reviewId}`);
    expect(detail.status).toBe(200);
    // Support reads the ID number masked; whoever may see the documents reads it whole.
    expect(detail.body.data.primary).toMatchObject({ idNumber: '11****2X' });
    expect(detail.body.data.documents.front.id).toBe(files.frontFileId);
    const whole = await ops(compliance, 'GET', `${QUEUE}/${reviewId}`);
    expect(whole.body.data.primary).toMatchObject({ idNumber: '11010519491231002X' });
    for (const verb of ['claim', 'approve', 'reject']) {
      const res = await ops(support, 'POST', `${QUEUE}/${reviewId}/${verb}`, {
        reason: 'Blurred photo',
      });
      expect(res.status, verb).toBe(403);
      expect(res.body.data.reason).toBe('operatorForbidden');
    }
    const file = await ops(support, 'GET', `/api/ops/files/${files.frontFileId}`);
    expect(file.status).toBe(403);
    expect(await audit('document.view', files.frontFileId)).toEqual([]);

    const seen = await ops(compliance, 'GET', `/api/ops/files/${files.frontFileId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.base64.length).toBeGreaterThan(100);
    expect(await audit('document.view', files.frontFileId)).toMatchObject([
      { operator_email: compliance.email, role: 'compliance', target_type: 'upload' },
    ]);
    const unknown = await ops(
      compliance,
      'GET',
      '/api/ops/files/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
  });

  it('needs a claim to decide; one operator holds it at a time; the claim lapses', async () => {
    const { reviewId } = await waiting();
    const unclaimed = await ops(compliance, 'POST', `${QUEUE}/${reviewId}/approve`);
    expect(unclaimed.status).toBe(409);
    expect(unclaimed.body.data.reason).toBe('reviewNotClaimed');

    const claims = await Promise.all(
      [compliance, compliance2].map((who) => ops(who, 'POST', `${QUEUE}/${reviewId}/claim`)),
    );
    expect(claims.map((c) => c.status).sort()).toEqual([200, 409]);
    const winner = claims[0]!.status === 200 ? compliance : compliance2;
    const loser = winner === compliance ? compliance2 : compliance;
    expect(claims.find((c) => c.status === 409)!.body.data.reason).toBe('reviewClaimedByOther');
    expect(claims.find((c) => c.status === 200)!.body.data.claimedBy).toBe(winner.email);
    expect(await audit('identity.claim', reviewId)).toHaveLength(1);

    const stolen = await ops(loser, 'POST', `${QUEUE}/${reviewId}/approve`);
    expect(stolen.body.data.reason).toBe('reviewClaimedByOther');

    // Past the claim's time, another operator may take it; the first can no longer decide.
    s.clock.advance(CLAIM_SECONDS + 1);
    expect((await ops(loser, 'POST', `${QUEUE}/${reviewId}/claim`)).status).toBe(200);
    const late = await ops(winner, 'POST', `${QUEUE}/${reviewId}/approve`);
    expect(late.body.data.reason).toBe('reviewClaimedByOther');
    const released = await ops(loser, 'POST', `${QUEUE}/${reviewId}/release`);
    expect(released.body.data.claimedBy).toBeNull();
    expect(await audit('identity.release', reviewId)).toHaveLength(1);
  });

  it('approves: the user is certified and can submit nothing more', async () => {
    const { user, reviewId, files } = await waiting();
    await ops(compliance, 'POST', `${QUEUE}/${reviewId}/claim`);
    const approved = await ops(compliance, 'POST', `${QUEUE}/${reviewId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ state: 'approved', decidedBy: compliance.email });
    expect(await audit('identity.approve', reviewId)).toMatchObject([
      { operator_email: compliance.email, target_type: 'review', reason: null },
    ]);

    const status = (await call(s.app, 'GET', STATUS, undefined, user.headers)).body.data;
    expect(status).toMatchObject({
      state: 'approved',
      level: 2,
      advanced: { state: 'approved', rejectReason: null },
      canSubmitPrimary: false,
      canSubmitAdvanced: false,
    });
    expect(status.advanced.reviewedTime).not.toBeNull();
    const again = await call(
      s.app,
      'POST',
      VERIFIED,
      { level: 'advanced', ...files },
      user.headers,
    );
    expect(again.status).toBe(409);
    expect(again.body.data.reason).toBe('kycApproved');
    const twice = await ops(compliance, 'POST', `${QUEUE}/${reviewId}/reject`, {
      reason: 'Changed mind',
    });
    expect(twice.body.data.reason).toBe('reviewDecided');
  });

  it('rejects with a reason the user sees; the user may then submit again, once', async () => {
    const { user, reviewId, files } = await waiting();
    await ops(admin, 'POST', `${QUEUE}/${reviewId}/claim`);
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(501) }]) {
      const bad = await ops(admin, 'POST', `${QUEUE}/${reviewId}/reject`, body);
      expect(bad.status).toBe(400);
      expect(bad.body.data.field).toBe('body.reason');
    }
    expect(await audit('identity.reject', reviewId)).toEqual([]);
    const reason = 'The hand-held photo does not show the document clearly';
    const rejected = await ops(admin, 'POST', `${QUEUE}/${reviewId}/reject`, { reason });
    expect(rejected.status).toBe(200);
    expect(await audit('identity.reject', reviewId)).toMatchObject([{ reason }]);

    const status = (await call(s.app, 'GET', STATUS, undefined, user.headers)).body.data;
    expect(status).toMatchObject({
      state: 'rejected',
      level: 1,
      advanced: { state: 'rejected', rejectReason: reason },
      canSubmitPrimary: true,
      canSubmitAdvanced: true,
    });
    // Later than the first, so the list (newest first) has a definite order.
    s.clock.advance(60);
    const answers = await Promise.all(
      [1, 2].map(() =>
        call(s.app, 'POST', VERIFIED, { level: 'advanced', ...files }, user.headers),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const list = await ops(support, 'GET', `${QUEUE}?userId=${user.id}`);
    expect(list.body.data.records.map((r: { state: string }) => r.state)).toEqual([
      'pending',
      'rejected',
    ]);
    const detail = await ops(support, 'GET', `${QUEUE}/${list.body.data.records[0].id}`);
    expect(detail.body.data.history).toMatchObject([{ id: reviewId, state: 'rejected', reason }]);
  });

  it('decides once when two decisions race', async () => {
    const { reviewId } = await waiting();
    await ops(compliance, 'POST', `${QUEUE}/${reviewId}/claim`);
    const answers = await Promise.all([
      ops(compliance, 'POST', `${QUEUE}/${reviewId}/approve`),
      ops(compliance, 'POST', `${QUEUE}/${reviewId}/reject`, { reason: 'Racing rejection' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const decisions = [
      ...(await audit('identity.approve', reviewId)),
      ...(await audit('identity.reject', reviewId)),
    ];
    expect(decisions).toHaveLength(1);
  });

  it('answers unknown and malformed ids in the envelope', async () => {
    const unknown = await ops(
      compliance,
      'POST',
      `${QUEUE}/00000000-0000-4000-8000-000000000000/claim`,
    );
    expect(unknown.status).toBe(404);
    const malformed = await ops(compliance, 'GET', `${QUEUE}/not-an-id`);
    expect(malformed.status).toBe(400);
    const badState = await ops(support, 'GET', `${QUEUE}?state=maybe`);
    expect(badState.status).toBe(400);
  });

  it("shows a user's verification and bank card masked, to the roles that may read them", async () => {
    const { user } = await waiting();
    await call(
      s.app,
      'POST',
      '/api/userBank/save',
      { cardNumber: '6222021234567890123', bankName: 'Example Bank' },
      user.headers,
    );
    const verification = await ops(support, 'GET', `/api/ops/users/${user.id}/verification`);
    expect(verification.status).toBe(200);
    expect(verification.body.data).toMatchObject({
      state: 'pending',
      primary: { idNumber: '11****2X' },
    });
    const card = await ops(support, 'GET', `/api/ops/users/${user.id}/bank-card`);
    expect(card.body.data).toMatchObject({ cardNumber: '**** **** **** 0123' });
    // Finance holds banks.read but not identity.read.
    expect((await ops(finance, 'GET', `/api/ops/users/${user.id}/bank-card`)).status).toBe(200);
    const refused = await ops(finance, 'GET', `/api/ops/users/${user.id}/verification`);
    expect(refused.status).toBe(403);
    const unknown = await ops(support, 'GET', '/api/ops/users/99999999/verification');
    expect(unknown.status).toBe(404);
    const none = await newUser(s.app);
    expect((await ops(support, 'GET', `/api/ops/users/${none.id}/bank-card`)).body.data).toBeNull();
    expect(
      (await call(s.app, 'GET', `/api/ops/users/${user.id}/bank-card`, undefined, user.headers))
        .status,
    ).toBe(401);
  });
});
