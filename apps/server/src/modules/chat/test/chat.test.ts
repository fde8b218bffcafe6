import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabase } from '../../../../test/helpers.ts';
import { signInOperator, type SignedInOperator } from '../../../../test/operator-helpers.ts';
import {
  call,
  chatEvents,
  chatUser,
  granted,
  mqttClient,
  page,
  picture,
  postForm,
  send,
  startChat,
  until,
  userSocket,
  type ChatUser,
  type Started,
} from './chat-helpers.ts';

const QUEUE = '/api/ops/chat/conversations';
const conv = (id: string, rest = '') => `${QUEUE}/${id}${rest}`;

describe.each(testDatabases())('customer-service chat ($name)', ({ create }) => {
  let db: TestDatabase;
  let s: Started;
  let support: SignedInOperator;
  let support2: SignedInOperator;
  let admin: SignedInOperator;

  beforeAll(async () => {
    db = await create();
    s = await startChat(db);
    support = await signInOperator(s.platform, 'support');
    support2 = await signInOperator(s.platform, 'support');
    admin = await signInOperator(s.platform, 'admin');
  });
  afterAll(async () => {
    await s?.close();
    await db?.dispose();
  });

  const conversationOf = async (user: ChatUser) => {
    const all = await call(s.app, 'GET', `${QUEUE}?view=all&size=100`, undefined, support.headers);
    const found = (all.body.data.records as Array<{ id: string; userId: string }>).find(
      (c) => c.userId === user.id,
    );
    if (!found) throw new Error('no conversation');
    return found.id;
  };

  it('carries messages both ways over the user socket and the chat key topic', async () => {
    const user = await chatUser(s.app, 'both-ways');
    const socket = await userSocket(s.port, user);
    const broker = await mqttClient(s.port, user.token);
    const topic = `chat_${user.chatKey}`;
    expect((await broker.client.subscribeAsync(topic))[0]?.qos).toBe(0);

    // The user asks: the message is kept, queued for support, and echoed to every device.
    const asked = await send(s.app, user, 'Where is my deposit?');
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({
      content: 'Where is my deposit?',
      content_type: 1,
      blade_user_id: user.id,
      sender: 'user',
    });
    await until(() => chatEvents(socket).length === 1 && broker.received.length === 1);
    expect(JSON.parse(broker.received[0]!.payload)).toMatchObject({
      type: 'chat',
      record: { content: 'Where is my deposit?', sender: 'user' },
    });

    const queue = await call(s.app, 'GET', QUEUE, undefined, support.headers);
    const row = (queue.body.data.records as Array<Record<string, unknown>>).find(
      (r) => r.userId === user.id,
    );
    expect(row).toMatchObject({
      state: 'open',
      assignedTo: null,
      waiting: 1,
      lastContent: 'Where is my deposit?',
    });
    const id = row!.id as string;

    // The operator takes it (the user hears a platform message) and answers.
    const claimed = await call(s.app, 'POST', conv(id, '/claim'), undefined, support.headers);
    expect(claimed.body.data).toMatchObject({ mine: true, assignedTo: support.email });
    const answered = await call(
      s.app,
      'POST',
      conv(id, '/messages'),
      { content: 'It arrived a minute ago.', contentType: 1 },
      support.headers,
    );
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({ blade_user_id: '0', sender: 'support' });

    await until(() => chatEvents(socket).length === 3 && broker.received.length === 3);
    const pushed = broker.received.map((m) => JSON.parse(m.payload));
    expect(pushed[1]).toMatchObject({ record: { blade_user_id: '-1', sender: 'system' } });
    expect(pushed[2]).toMatchObject({
      record: { content: 'It arrived a minute ago.', blade_user_id: '0' },
      unread: 2,
    });
    expect(chatEvents(socket)[2]).toMatchObject({ record: { sender: 'support' } });

    // The operator reads the user's side in the conversation, every message kept.
    const messages = await call(s.app, 'GET', conv(id, '/messages'), undefined, support.headers);
    expect(
      (messages.body.data.records as Array<{ sender: string; operator: string | null }>).map(
        (m) => [m.sender, m.operator],
      ),
    ).toEqual([
      ['support', support.email],
      ['system', null],
      ['user', null],
    ]);
    // The user's page words the platform's message in the reader's language.
    const zh = await call(s.app, 'POST', page(user.chatKey), {}, { ...user.headers, lang: 'zh' });
    expect(zh.body.data.records[1]).toMatchObject({
      blade_user_id: '-1',
      content: '客服人员已加入会话',
    });

    await broker.client.endAsync(true);
    socket.close();
  });

  it("refuses another user's chat key over HTTP and MQTT", async () => {
    const owner = await chatUser(s.app, 'owner');
    const intruder = await chatUser(s.app, 'intruder');
    await send(s.app, owner, 'private words');

    const read = await call(s.app, 'POST', page(owner.chatKey), {}, intruder.headers);
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain('private words');
    const post = await call(
      s.app,
      'POST',
      '/api/core/coin/buy/sendChatRecord',
      { content: 'hi', contentType: 1, chatId: owner.chatKey },
      intruder.headers,
    );
    expect(post.status).toBe(403);
    expect(post.body.msg).toBe('This chat is not yours');
    const unknownKey = await call(s.app, 'POST', page('A'.repeat(22)), {}, intruder.headers);
    expect(unknownKey.status).toBe(403);
    const anonymous = await call(s.app, 'POST', page(owner.chatKey), {});
    expect(anonymous.status).toBe(401);

    // MQTT: the owner's topic, a wildcard over every chat, and an anonymous client are refused.
    const spy = await mqttClient(s.port, intruder.token);
    for (const topic of [`chat_${owner.chatKey}`, '+', '#', `chat_${owner.chatKey}/#`]) {
      expect(await granted(spy.client, topic)).toBe(128);
    }
    // The intruder's own chat topic is theirs to read.
    expect(await granted(spy.client, `chat_${intruder.chatKey}`)).toBe(0);
    const anon = await mqttClient(s.port, null);
    expect(await granted(anon.client, `chat_${owner.chatKey}`)).toBe(128);
    const ownerClient = await mqttClient(s.port, owner.token);
    await ownerClient.client.subscribeAsync(`chat_${owner.chatKey}`);
    await send(s.app, owner, 'second private message');
    await until(() => ownerClient.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(spy.received).toEqual([]);
    expect(anon.received).toEqual([]);
    for (const c of [spy, anon, ownerClient]) await c.client.endAsync(true);

    // Nothing the intruder tried changed the owner's chat.
    const nothing = await call(s.app, 'POST', page(owner.chatKey), {}, owner.headers);
    expect(nothing.body.data.total).toBe(2);
  });

  it("stops a logged-out session's client from reading the chat topic", async () => {
    const user = await chatUser(s.app, 'logout');
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { type: 'email', username: user.email, password: 'Secret123' },
      remoteAddress: '10.250.0.1',
    });
    const second = (login.json() as { data: { token: string } }).data.token;
    const doomed = await mqttClient(s.port, second);
    const kept = await mqttClient(s.port, user.token);
    for (const c of [doomed, kept]) expect(await granted(c.client, `chat_${user.chatKey}`)).toBe(0);
    let closed = false;
    doomed.client.on('close', () => (closed = true));

    await send(s.app, user, 'before the logout');
    await until(() => doomed.received.length === 1 && kept.received.length === 1);
    const out = await call(s.app, 'POST', '/api/user/logout', undefined, {
      authorization: `Bearer ${second}`,
    });
    expect(out.status).toBe(200);
    await until(() => closed);
    await send(s.app, user, 'after the logout');
    await until(() => kept.received.length === 2);
    expect(doomed.received).toHaveLength(1);
    for (const c of [doomed, kept]) await c.client.endAsync(true);
  });

  it('pages 15 newest first and scrolls back', async () => {
    const user = await chatUser(s.app, 'pager');
    for (let i = 1; i <= 20; i++)
      expect((await send(s.app, user, `message ${i}`)).status).toBe(200);
    const first = await call(s.app, 'POST', page(user.chatKey), { current: 1 }, user.headers);
    expect(first.body.data.total).toBe(20);
    expect(first.body.data.size).toBe(15);
    const firstTexts = first.body.data.records.map((r: { content: string }) => r.content);
    expect(firstTexts).toHaveLength(15);
    expect(firstTexts[0]).toBe('message 20');
    expect(firstTexts[14]).toBe('message 6');
    const second = await call(s.app, 'POST', page(user.chatKey), { current: 2 }, user.headers);
    expect(second.body.data.records.map((r: { content: string }) => r.content)).toEqual([
      'message 5',
      'message 4',
      'message 3',
      'message 2',
      'message 1',
    ]);
    // The seed's size is 15: a larger page is refused, not silently served.
    const big = await call(s.app, 'POST', page(user.chatKey), { size: 16 }, user.headers);
    expect(big.status).toBe(400);
  });

  it('keeps text to 400 characters and refuses blank text, changing nothing', async () => {
    const user = await chatUser(s.app, 'limits');
    const empty = await send(s.app, user, '   \n ');
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('content cannot be empty');
    expect((await send(s.app, user, '')).body.msg).toBe('content cannot be empty');
    const zh = await call(
      s.app,
      'POST',
      '/api/core/coin/buy/sendChatRecord',
      { content: ' ', contentType: 1, chatId: user.chatKey },
      { ...user.headers, lang: 'zh' },
    );
    expect(zh.body.msg).toBe('内容不能为空');
    const tooLong = await send(s.app, user, 'a'.repeat(401));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toBe('A message holds at most 400 characters');
    expect((await send(s.app, user, '😀'.repeat(401))).status).toBe(400);
    expect((await send(s.app, user, 'b'.repeat(400))).status).toBe(200);
    expect((await send(s.app, user, '😀'.repeat(400))).status).toBe(200);
    const bad = await send(s.app, user, 'x', { contentType: 3 });
    expect(bad.status).toBe(400);
    const kept = await call(s.app, 'POST', page(user.chatKey), {}, user.headers);
    expect(kept.body.data.total).toBe(2);
  });

  it('takes images by content only, and shows them to the user and, audited, to operators', async () => {
    const user = await chatUser(s.app, 'images');
    const other = await chatUser(s.app, 'images-other');
    const uploadUrl = '/api/core/cgform-api/upload/file';
    const up = await postForm(s.app, uploadUrl, user.headers, await picture(), 'chat');
    expect(up.status).toBe(200);
    const sent = await send(s.app, user, up.body.data.id, { contentType: 2 });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ content_type: 2, content: up.body.data.id });

    // A text file named .png with an image content type is refused by its bytes.
    const fake = await postForm(
      s.app,
      uploadUrl,
      user.headers,
      Buffer.from('<script>alert(1)</script>'.repeat(20)),
      'chat',
    );
    expect(fake.status).toBe(400);
    // An identity document is not a chat image, nor is another user's chat image.
    const doc = await postForm(s.app, uploadUrl, user.headers, await picture('jpeg'), 'document');
    expect((await send(s.app, user, doc.body.data.id, { contentType: 2 })).body.msg).toBe(
      'The image was not found: upload it again',
    );
    const theirs = await postForm(s.app, uploadUrl, other.headers, await picture(), 'chat');
    expect((await send(s.app, user, theirs.body.data.id, { contentType: 2 })).status).toBe(400);
    expect((await send(s.app, user, 'not-an-id', { contentType: 2 })).status).toBe(400);

    // The user reads their image back through the chat; the other user cannot.
    const mine = await call(
      s.app,
      'GET',
      `/api/chat/images/${user.chatKey}/${up.body.data.id}`,
      undefined,
      user.headers,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data.mime).toBe('image/png');
    const stolen = await call(
      s.app,
      'GET',
      `/api/chat/images/${user.chatKey}/${up.body.data.id}`,
      undefined,
      other.headers,
    );
    expect(stolen.status).toBe(403);

    // An operator's image: uploaded to the held conversation, sent, and seen by the user.
    const id = await conversationOf(user);
    await call(s.app, 'POST', conv(id, '/claim'), undefined, support.headers);
    const opsUp = await postForm(
      s.app,
      conv(id, '/images'),
      support.headers,
      await picture('jpeg'),
    );
    expect(opsUp.status).toBe(200);
    const refusedFake = await postForm(
      s.app,
      conv(id, '/images'),
      support.headers,
      Buffer.from('GIF89a not really'),
    );
    expect(refusedFake.status).toBe(400);
    const reply = await call(
      s.app,
      'POST',
      conv(id, '/messages'),
      { content: opsUp.body.data.id, contentType: 2 },
      support.headers,
    );
    expect(reply.status).toBe(200);
    const seen = await call(
      s.app,
      'GET',
      `/api/chat/images/${user.chatKey}/${opsUp.body.data.id}`,
      undefined,
      user.headers,
    );
    expect(seen.body.data.mime).toBe('image/jpeg');
    // The user cannot send support's image as their own.
    expect((await send(s.app, user, opsUp.body.data.id, { contentType: 2 })).status).toBe(400);

    const viewed = await call(
      s.app,
      'GET',
      conv(id, `/images/${up.body.data.id}`),
      undefined,
      support.headers,
    );
    expect(viewed.status).toBe(200);
    const audit = await s.platform.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('operator_id', '=', support.id)
      .execute();
    expect(audit).toContainEqual({ action: 'document.view', target_id: up.body.data.id });
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['chat.claim', 'chat.image.upload', 'chat.reply']),
    );
  });

  it('counts unread messages from others and clears them on open', async () => {
    const user = await chatUser(s.app, 'unread');
    await send(s.app, user, 'hello');
    const state = () => call(s.app, 'GET', '/api/chat/state', undefined, user.headers);
    expect((await state()).body.data).toMatchObject({
      chatKey: user.chatKey,
      topic: `chat_${user.chatKey}`,
      unread: 0,
      state: 'open',
    });
    const id = await conversationOf(user);
    await call(s.app, 'POST', conv(id, '/claim'), undefined, support.headers);
    for (const text of ['one', 'two']) {
      await call(
        s.app,
        'POST',
        conv(id, '/messages'),
        { content: text, contentType: 1 },
        support.headers,
      );
    }
    // The platform's "joined" and two answers; the user's own message never counts.
    expect((await state()).body.data.unread).toBe(3);
    await send(s.app, user, 'thanks');
    expect((await state()).body.data.unread).toBe(3);
    const read = await call(s.app, 'POST', '/api/chat/read', undefined, user.headers);
    expect(read.body.data.unread).toBe(0);
    // Another user's read mark touches only their own count.
    const other = await chatUser(s.app, 'unread-other');
    await call(s.app, 'POST', '/api/chat/read', undefined, other.headers);
    await call(
      s.app,
      'POST',
      conv(id, '/messages'),
      { content: 'three', contentType: 1 },
      support.headers,
    );
    expect((await state()).body.data.unread).toBe(1);
  });

  it('lets one operator of several take a conversation, and only the holder answer or close it', async () => {
    const user = await chatUser(s.app, 'race');
    const waitingChats = async () =>
      (
        (await call(s.app, 'GET', '/api/ops/dashboard', undefined, support.headers)).body.data
          .queues as Array<{ kind: string; pending: number }>
      ).find((q) => q.kind === 'chat')!.pending;
    const before = await waitingChats();
    await send(s.app, user, 'anyone there?');
    expect(await waitingChats()).toBe(before + 1);
    const id = await conversationOf(user);
    const claims = await Promise.all(
      [support, support2, admin, support, support2].map((op) =>
        call(s.app, 'POST', conv(id, '/claim'), undefined, op.headers),
      ),
    );
    expect(await waitingChats()).toBe(before);
    const winners = new Set(
      claims.filter((c) => c.status === 200).map((c) => c.body.data.assignedTo as string),
    );
    expect(winners.size).toBe(1);
    const holder = [support, support2, admin].find((op) => winners.has(op.email))!;
    const others = [support, support2, admin].filter((op) => op !== holder);
    expect(claims.filter((c) => c.status === 409).length).toBeGreaterThan(0);
    const joined = await call(s.app, 'POST', page(user.chatKey), {}, user.headers);
    expect(
      joined.body.data.records.filter((r: { sender: string }) => r.sender === 'system'),
    ).toHaveLength(1);

    const views = async (op: SignedInOperator, view: string) =>
      (await call(s.app, 'GET', `${QUEUE}?view=${view}&size=100`, undefined, op.headers)).body.data
        .records as Array<{ id: string }>;
    expect((await views(holder, 'mine')).map((c) => c.id)).toContain(id);
    expect((await views(others[0]!, 'mine')).map((c) => c.id)).not.toContain(id);
    expect((await views(others[0]!, 'unassigned')).map((c) => c.id)).not.toContain(id);

    const intruding = await call(
      s.app,
      'POST',
      conv(id, '/messages'),
      { content: 'me too', contentType: 1 },
      others[0]!.headers,
    );
    expect(intruding.status).toBe(409);
    const badClose = await call(s.app, 'POST', conv(id, '/close'), { note: 'x' }, holder.headers);
    expect(badClose.status).toBe(400);
    const closed = await call(
      s.app,
      'POST',
      conv(id, '/close'),
      { note: 'Answered: deposit found' },
      holder.headers,
    );
    expect(closed.body.data).toMatchObject({
      state: 'closed',
      closeNote: 'Answered: deposit found',
      closedBy: holder.email,
    });
    expect(
      (
        await call(
          s.app,
          'POST',
          conv(id, '/messages'),
          { content: 'late', contentType: 1 },
          holder.headers,
        )
      ).status,
    ).toBe(409);
    expect(
      (await call(s.app, 'GET', '/api/chat/state', undefined, user.headers)).body.data.state,
    ).toBe('closed');

    // The user writes again: it is open and back in the unassigned queue, history kept.
    await send(s.app, user, 'one more question');
    expect((await views(others[0]!, 'unassigned')).map((c) => c.id)).toContain(id);
    const history = await call(s.app, 'GET', conv(id, '/messages'), undefined, holder.headers);
    expect(history.body.data.total).toBe(4);
  });

  it('keeps the desk to the roles that hold the chat permissions', async () => {
    const compliance = await signInOperator(s.platform, 'compliance');
    const finance = await signInOperator(s.platform, 'finance');
    for (const op of [compliance, finance]) {
      expect((await call(s.app, 'GET', QUEUE, undefined, op.headers)).status).toBe(403);
      expect(
        (
          await call(
            s.app,
            'POST',
            '/api/ops/chat/canned',
            { title: 't', content: 'c' },
            op.headers,
          )
        ).status,
      ).toBe(403);
    }
    const user = await chatUser(s.app, 'as-user');
    expect((await call(s.app, 'GET', QUEUE, undefined, user.headers)).status).toBe(401);
    const unknown = await call(
      s.app,
      'POST',
      conv('00000000-0000-4000-8000-000000000000', '/claim'),
      undefined,
      support.headers,
    );
    expect(unknown.status).toBe(404);
    const junk = await call(
      s.app,
      'POST',
      conv('not-a-uuid', '/claim'),
      undefined,
      support.headers,
    );
    expect(junk.status).toBe(400);
  });

  it('keeps canned replies, editable by support and audited', async () => {
    const made = await call(
      s.app,
      'POST',
      '/api/ops/chat/canned',
      { title: 'Deposit times', content: 'Deposits arrive after 2 confirmations.' },
      support.headers,
    );
    expect(made.status).toBe(200);
    const id = made.body.data.id as string;
    const tooLong = await call(
      s.app,
      'POST',
      '/api/ops/chat/canned',
      { title: 'Long', content: 'x'.repeat(401) },
      support.headers,
    );
    expect(tooLong.status).toBe(400);
    const changed = await call(
      s.app,
      'POST',
      `/api/ops/chat/canned/${id}`,
      { title: 'Deposit times', content: 'Bitcoin deposits arrive after 2 confirmations.' },
      admin.headers,
    );
    expect(changed.body.data).toMatchObject({ updatedBy: admin.email });
    const list = await call(s.app, 'GET', '/api/ops/chat/canned', undefined, support2.headers);
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ id, content: 'Bitcoin deposits arrive after 2 confirmations.' }),
    );
    await call(s.app, 'POST', `/api/ops/chat/canned/${id}/delete`, undefined, support.headers);
    const after = await call(s.app, 'GET', '/api/ops/chat/canned', undefined, support.headers);
    expect(after.body.data.map((c: { id: string }) => c.id)).not.toContain(id);
    const audit = await s.platform.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'chat.canned.create',
      'chat.canned.update',
      'chat.canned.delete',
    ]);
  });
});
