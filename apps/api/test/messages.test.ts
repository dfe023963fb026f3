import { and, count, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGE_RATE_LIMITS } from '@medallion/contracts/conversations';
import { listingConversations, listingMessages, mailOutbox } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { insertListing } from './helpers/listings';

describe('message the owner', async () => {
  const { app, config } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const owner = await createConfirmedUser(app, 'owner@example.com', 'Secret123', 'Olga Owner');
  const driver = await createConfirmedUser(app, 'driver@example.com', 'Secret123', 'Dmitri Driver');
  const stranger = await createConfirmedUser(app, 'stranger@example.com', 'Secret123', 'Sam Stranger');
  const listingId = await insertListing(app, owner.id, { title: 'Camry for rent in Queens' });

  const sendToListing = (cookie: string | undefined, id: string, payload: unknown) =>
    app.inject({ method: 'POST', url: `/api/listing/${id}/messages`, headers: cookie ? { cookie } : {}, payload: payload as object });
  const reply = (cookie: string | undefined, id: string, payload: unknown) =>
    app.inject({ method: 'POST', url: `/api/messages/${id}`, headers: cookie ? { cookie } : {}, payload: payload as object });
  const threads = async (cookie: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/messages', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Array<Record<string, unknown>>; unread: number };
  };
  const lastMailTo = async (to: string) =>
    (await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1))[0];
  const messageCount = async () => (await app.db.select({ n: count() }).from(listingMessages))[0]!.n;

  let conversationId = '';

  it('asks guests to sign in (401) on every call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', `/api/listing/${listingId}/messages`],
      ['GET', '/api/messages'],
      ['GET', `/api/messages/${id}`],
      ['POST', `/api/messages/${id}`],
      ['POST', `/api/messages/${id}/read`],
    ] as const) {
      const res = await app.inject({ method, url, ...(method === 'POST' ? { payload: { body: 'Hello' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('starts a conversation and relays it to the owner by e-mail, Reply-To the driver, naming the listing and the thread', async () => {
    const res = await sendToListing(driver.cookie, listingId, { body: '  Is the Camry still available next week?  ' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    conversationId = data.conversation_id;
    expect(data.message).toMatchObject({ mine: true, sender_name: 'Dmitri Driver', body: 'Is the Camry still available next week?' });

    const mail = await lastMailTo('owner@example.com');
    expect(mail).toMatchObject({ replyTo: 'driver@example.com' });
    expect(mail!.subject).toContain('Camry for rent in Queens');
    expect(mail!.text).toContain('Is the Camry still available next week?');
    expect(mail!.text).toContain(`${new URL(config.PUBLIC_URL).origin}/dashboard?tab=messages&conversation=${conversationId}`);
    expect(mail!.text).toContain('Dmitri Driver');
    // Only what the driver chose to send: no other account data of theirs.
    expect(mail!.text).not.toContain('driver@example.com');
  });

  it('continues the same conversation on a second message (one per listing and driver)', async () => {
    const res = await sendToListing(driver.cookie, listingId, { body: 'And can I see it on Saturday?' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.conversation_id).toBe(conversationId);
    const rows = await app.db.select().from(listingConversations).where(eq(listingConversations.listingId, listingId));
    expect(rows).toHaveLength(1);
  });

  it('shows the thread to the owner as unread; reading it clears the mark; the reply is relayed to the driver', async () => {
    const list = await threads(owner.cookie);
    expect(list.unread).toBe(1);
    expect(list.data[0]).toMatchObject({
      conversation_id: conversationId,
      listing_id: listingId,
      listing_title: 'Camry for rent in Queens',
      role: 'owner',
      other_name: 'Dmitri Driver',
      last_message: 'And can I see it on Saturday?',
      last_message_mine: false,
      unread: true,
    });
    const thread = await app.inject({ method: 'GET', url: `/api/messages/${conversationId}`, headers: { cookie: owner.cookie } });
    expect(thread.statusCode).toBe(200);
    expect(thread.json().data.messages.map((m: { body: string; mine: boolean }) => [m.body, m.mine])).toEqual([
      ['Is the Camry still available next week?', false],
      ['And can I see it on Saturday?', false],
    ]);
    const read = await app.inject({ method: 'POST', url: `/api/messages/${conversationId}/read`, headers: { cookie: owner.cookie } });
    expect(read.statusCode).toBe(200);
    expect((await threads(owner.cookie)).unread).toBe(0);

    const answer = await reply(owner.cookie, conversationId, { body: 'Yes, Saturday at 10 works.' });
    expect(answer.statusCode, answer.body).toBe(200);
    const mail = await lastMailTo('driver@example.com');
    expect(mail).toMatchObject({ replyTo: 'owner@example.com' });
    expect(mail!.text).toContain('Yes, Saturday at 10 works.');
    expect(mail!.subject).toContain('Camry for rent in Queens');

    const driverList = await threads(driver.cookie);
    expect(driverList.data[0]).toMatchObject({ role: 'driver', other_name: 'Olga Owner', last_message: 'Yes, Saturday at 10 works.', unread: true });
    // The owner's own reply does not make the thread unread for the owner.
    expect((await threads(owner.cookie)).data[0]).toMatchObject({ unread: false, last_message_mine: true });
  });

  it('keeps the thread to its two parties: another user gets 404 on every call and nothing changes', async () => {
    const before = await messageCount();
    for (const res of [
      await app.inject({ method: 'GET', url: `/api/messages/${conversationId}`, headers: { cookie: stranger.cookie } }),
      await reply(stranger.cookie, conversationId, { body: 'Let me in' }),
      await app.inject({ method: 'POST', url: `/api/messages/${conversationId}/read`, headers: { cookie: stranger.cookie } }),
      await app.inject({ method: 'GET', url: '/api/messages/not-a-uuid', headers: { cookie: stranger.cookie } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().key).toBe('conversation.notFound');
    }
    expect(await messageCount()).toBe(before);
    expect((await threads(stranger.cookie)).data).toEqual([]);
  });

  it('refuses the own listing (403), and listings that are not ACTIVE, deleted or unknown (404)', async () => {
    const own = await sendToListing(owner.cookie, listingId, { body: 'Hello me' });
    expect(own.statusCode).toBe(403);
    expect(own.json().key).toBe('conversation.ownListing');
    const inactive = await insertListing(app, owner.id, { status: 'INACTIVE' });
    const draft = await insertListing(app, owner.id, { status: 'DRAFT', publishedAt: null });
    const deleted = await insertListing(app, owner.id, { deletedAt: new Date() });
    for (const id of [inactive, draft, deleted, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await sendToListing(stranger.cookie, id, { body: 'Hello' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().key).toBe('listingNotFound');
    }
    expect((await threads(stranger.cookie)).data).toEqual([]);
  });

  it('refuses bad text with a 400 naming the field: empty, blank, too long, NUL, huge, wrong types', async () => {
    const cases: Array<[unknown, string]> = [
      [{ body: '' }, 'listingMessageRequired'],
      [{ body: '   \n ' }, 'listingMessageRequired'],
      [{ body: 'x'.repeat(2001) }, 'listingMessageTooLong'],
      [{ body: 'x'.repeat(200_000) }, 'listingMessageTooLong'],
      [{ body: 'Hi\u0000there' }, 'textControlCharacters'],
      [{ body: 42 }, 'listingMessageRequired'],
      [{ body: ['a'] }, 'listingMessageRequired'],
      [{}, 'listingMessageRequired'],
    ];
    const before = await messageCount();
    for (const [payload, key] of cases) {
      for (const res of [await sendToListing(stranger.cookie, listingId, payload), await reply(driver.cookie, conversationId, payload)]) {
        expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
        expect(res.json().fields.body.key).toBe(key);
      }
    }
    // Exactly 2000 characters is fine.
    expect((await reply(driver.cookie, conversationId, { body: 'y'.repeat(2000) })).statusCode).toBe(200);
    expect(await messageCount()).toBe(before + 1);
  });

  it('makes one conversation when the first message is sent twice in parallel', async () => {
    const other = await insertListing(app, owner.id, { title: 'Plate for rent' });
    const [a, b] = await Promise.all([sendToListing(stranger.cookie, other, { body: 'First' }), sendToListing(stranger.cookie, other, { body: 'First' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.conversation_id).toBe(b.json().data.conversation_id);
    const rows = await app.db
      .select()
      .from(listingConversations)
      .where(and(eq(listingConversations.listingId, other), eq(listingConversations.driverId, stranger.id)));
    expect(rows).toHaveLength(1);
  });

  it(`limits new conversations to ${MESSAGE_RATE_LIMITS.conversationsPerHour} an hour per sender (429), while existing ones continue`, async () => {
    const busy = await createConfirmedUser(app, 'busy@example.com', 'Secret123', 'Busy Driver');
    const ids = [];
    for (let i = 0; i <= MESSAGE_RATE_LIMITS.conversationsPerHour; i++) ids.push(await insertListing(app, owner.id, { title: `Car ${i}` }));
    for (const id of ids.slice(0, -1)) expect((await sendToListing(busy.cookie, id, { body: 'Interested' })).statusCode).toBe(200);
    const refused = await sendToListing(busy.cookie, ids.at(-1)!, { body: 'Interested' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', key: 'conversation.tooManyConversations' });
    expect((await sendToListing(busy.cookie, ids[0]!, { body: 'Still interested' })).statusCode).toBe(200);
    // The count lives in the database: the rows say so.
    const started = await app.db.select({ n: count() }).from(listingConversations).where(eq(listingConversations.driverId, busy.id));
    expect(started[0]!.n).toBe(MESSAGE_RATE_LIMITS.conversationsPerHour);
  });

  it(`limits messages to ${MESSAGE_RATE_LIMITS.messagesPerHour} an hour per sender, also when they arrive in parallel`, async () => {
    const chatty = await createConfirmedUser(app, 'chatty@example.com', 'Secret123', 'Chatty Driver');
    const first = await sendToListing(chatty.cookie, listingId, { body: 'Message 1' });
    const id = first.json().data.conversation_id as string;
    for (let i = 2; i <= MESSAGE_RATE_LIMITS.messagesPerHour - 3; i++) expect((await reply(chatty.cookie, id, { body: `Message ${i}` })).statusCode).toBe(200);
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => reply(chatty.cookie, id, { body: `Burst ${i}` })));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const res of burst.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(429);
      expect(res.json().key).toBe('conversation.tooManyMessages');
    }
    const sent = await app.db.select({ n: count() }).from(listingMessages).where(eq(listingMessages.senderId, chatty.id));
    expect(sent[0]!.n).toBe(MESSAGE_RATE_LIMITS.messagesPerHour);
    // The owner's replies count against the owner, not the driver.
    expect((await reply(owner.cookie, id, { body: 'Slow down please' })).statusCode).toBe(200);
  });
});
