import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, startOn, testDatabases, type Started } from './verification-helpers.ts';

const SAVE = '/api/userBank/save';
const GET = '/api/userBank/getbank';

const CARD = {
  cardNumber: '6222 0212 3456 7890 123',
  bankName: 'Industrial and Commercial Bank of China',
  bankAddress: '+86 10 6610 6114',
  bankCode: 'icbkcnbj',
  branch: 'Beijing Xidan',
  homeAddress: '1 Example Road, Beijing',
};

describe.each(testDatabases())('bank cards ($name)', (kind) => {
  let s: Started;
  beforeAll(async () => {
    s = await startOn(kind);
  });
  afterAll(async () => {
    await s.stop();
  });

  const stored = (userId: string) =>
    s.platform.database.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();

  it('binds a card with the seed message and shows it masked, to its owner too', async () => {
    const user = await newUser(s.app);
    expect((await call(s.app, 'POST', GET, undefined, user.headers)).body.data).toBeNull();
    const res = await call(s.app, 'POST', SAVE, CARD, { ...user.headers, lang: 'ko' });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('은행 카드가 등록되었습니다');
    const view = {
      cardNumber: '**** **** **** 0123',
      bankName: CARD.bankName,
      bankAddress: CARD.bankAddress,
      bankCode: 'ICBKCNBJ',
      branch: CARD.branch,
      homeAddress: CARD.homeAddress,
    };
    expect(res.body.data).toMatchObject(view);
    const got = await call(s.app, 'POST', GET, undefined, user.headers);
    expect(got.body.data).toMatchObject(view);
    expect(JSON.stringify(got.body)).not.toContain('62220212');
    // Stored whole, for the withdrawals that send money to it.
    expect((await stored(user.id))[0]?.card_number).toBe('6222021234567890123');
  });

  it('takes the optional fields as optional, and an IBAN', async () => {
    const user = await newUser(s.app);
    const res = await call(
      s.app,
      'POST',
      SAVE,
      { cardNumber: 'DE89 3704 0044 0532 0130 00', bankName: 'Commerzbank', branch: '' },
      user.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      cardNumber: '**** **** **** 3000',
      bankAddress: null,
      bankCode: null,
      branch: null,
      homeAddress: null,
    });
  });

  it('cannot be changed once bound', async () => {
    const user = await newUser(s.app);
    await call(s.app, 'POST', SAVE, CARD, user.headers);
    const again = await call(
      s.app,
      'POST',
      SAVE,
      { ...CARD, cardNumber: '6217 0000 0000 0000 999', bankName: 'Other Bank' },
      { ...user.headers, lang: 'en' },
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      msg: 'A bank card is already bound and cannot be changed',
      data: { reason: 'bankCardAlreadyBound' },
    });
    expect(await stored(user.id)).toMatchObject([{ bank_name: CARD.bankName }]);
  });

  it('binds exactly one of several parallel saves', async () => {
    const user = await newUser(s.app);
    const answers = await Promise.all(
      ['11111111', '22222222', '33333333', '44444444'].map((cardNumber) =>
        call(s.app, 'POST', SAVE, { ...CARD, cardNumber }, user.headers),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.data.cardNumber as string;
    const rows = await stored(user.id);
    expect(rows).toHaveLength(1);
    expect(winner.endsWith(rows[0]!.card_number.slice(-4))).toBe(true);
  });

  it.each([
    [{ ...CARD, cardNumber: '1234' }, 'validation', 'body.cardNumber'],
    [{ ...CARD, cardNumber: '1234 5678 abcd' }, 'bankCardNumberInvalid', 'cardNumber'],
    [{ ...CARD, cardNumber: 'DE89 3704 0044 0532 0130 01' }, 'bankCardNumberInvalid', 'cardNumber'],
    [{ ...CARD, bankName: '' }, 'validation', 'body.bankName'],
    [{ ...CARD, bankCode: 'ICBK;DROP' }, 'validation', 'body.bankCode'],
    [{ ...CARD, homeAddress: 'x'.repeat(201) }, 'validation', 'body.homeAddress'],
    [{ ...CARD, holder: 'someone' }, 'validation', 'body.holder'],
    [{ bankName: 'A bank' }, 'validation', 'body.cardNumber'],
  ])('refuses %j (%s), binding nothing', async (body, reason, field) => {
    const user = await newUser(s.app);
    const res = await call(s.app, 'POST', SAVE, body, user.headers);
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ reason, field });
    expect(await stored(user.id)).toEqual([]);
  });

  it('refuses a visitor', async () => {
    expect((await call(s.app, 'POST', SAVE, CARD)).status).toBe(401);
    expect((await call(s.app, 'POST', GET)).status).toBe(401);
  });
});
