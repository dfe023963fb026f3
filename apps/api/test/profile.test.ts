import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account, listings, mailOutbox, user } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, latestCode, sessionCookie } from './helpers/auth';
import { redisReachable, TEST_REDIS_URL } from './helpers/shared-infra';

const LOCATION = { city: 'Astoria', state: 'NY', zip_code: '11102' };

describe('PATCH /api/account/profile', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const me = await createConfirmedUser(app, 'profile@example.com', 'Profile123', 'Pavel Profile');
  const patch = (payload: unknown, cookie: string | null = me.cookie) =>
    app.inject({ method: 'PATCH', url: '/api/account/profile', headers: cookie ? { cookie } : {}, payload: payload as object });

  it('answers 401 to a guest, before looking at the body', async () => {
    const res = await patch({ name: 'Guest' }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe('error.unauthorized');
  });

  it('saves the name and the phone in E.164, answers the user record and the session shows the name', async () => {
    const res = await patch({ name: '  Pavel Petrov ', phone: '(212) 555-0190' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ 'full-name': 'Pavel Petrov', phone: '+12125550190', email: 'profile@example.com' });
    const [row] = await app.db.select().from(user).where(eq(user.id, me.id));
    expect(row).toMatchObject({ name: 'Pavel Petrov', phone: '+12125550190' });
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: me.cookie } });
    expect(session.json().user.name).toBe('Pavel Petrov');

    // Other usual ways of writing a US number land on the same E.164 form.
    for (const typed of ['212-555-0190', '+1 212 555 0190', '1 (212) 555 0190', '2125550190']) {
      const again = await patch({ phone: typed });
      expect(again.json().data.phone, typed).toBe('+12125550190');
    }
    // What is left out stays; blank or null removes the phone.
    expect((await patch({ name: 'Pavel P' })).json().data).toMatchObject({ 'full-name': 'Pavel P', phone: '+12125550190' });
    expect((await patch({ phone: '' })).json().data.phone).toBeNull();
    expect((await patch({ phone: '(718) 555-0123' })).json().data.phone).toBe('+17185550123');
    expect((await patch({ phone: null })).json().data.phone).toBeNull();
  });

  it.each([
    [{ phone: '555-0190' }, 'phone', 'phoneInvalid'],
    [{ phone: '(123) 456-7890' }, 'phone', 'phoneInvalid'],
    [{ phone: '+44 20 7946 0958' }, 'phone', 'phoneInvalid'],
    [{ phone: '+1 416 555 0199' }, 'phone', 'phoneInvalid'],
    [{ phone: 'call me' }, 'phone', 'phoneInvalid'],
    [{ phone: '2'.repeat(5000) }, 'phone', 'phoneInvalid'],
    [{ phone: '212\u0000555\u00000190' }, 'phone', 'textControlCharacters'],
    [{ phone: 2125550190 }, 'phone', 'phoneInvalid'],
    [{ name: 'P' }, 'name', 'nameMin'],
    [{ name: 'x'.repeat(100_000) }, 'name', 'nameMax'],
    [{ name: 'Pa\u0000vel' }, 'name', 'textControlCharacters'],
    [{ name: ['Pavel'] }, 'name', 'nameMin'],
  ])('refuses %j with 400 on the field, changing nothing', async (payload, field, key) => {
    await patch({ name: 'Pavel Kept', phone: '(212) 555-0190' });
    const res = await patch(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field].key).toBe(key);
    const [row] = await app.db.select().from(user).where(eq(user.id, me.id));
    expect(row).toMatchObject({ name: 'Pavel Kept', phone: '+12125550190' });
  });

  it('refuses fields a user may not set here (e-mail, role)', async () => {
    for (const payload of [{ email: 'x@example.com' }, { role: 'staff' }, { name: 'Pavel', status: 'CONFIRMED' }]) {
      expect((await patch(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await app.db.select().from(user).where(eq(user.id, me.id));
    expect(row).toMatchObject({ email: 'profile@example.com', role: 'user' });
  });

  it("a new listing's blank contact fields default to the profile: name, e-mail and phone", async () => {
    await patch({ name: 'Pavel Lister', phone: '+1 917 555 0142' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/listing/save-draft',
      headers: { cookie: me.cookie },
      payload: { step: 1, category: 'plates', name: '', email: '', phone_number: '', location: LOCATION },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await app.db.select().from(listings).where(eq(listings.id, res.json().data.data.listing_id));
    expect(row).toMatchObject({ name: 'Pavel Lister', email: 'profile@example.com', phoneNumber: '(917) 555-0142' });

    // A phone typed on the listing wins over the profile's.
    const own = await app.inject({
      method: 'POST',
      url: '/api/listing/save-draft',
      headers: { cookie: me.cookie },
      payload: { step: 1, category: 'plates', phone_number: '(718) 555-0100', location: LOCATION },
    });
    const [typed] = await app.db.select().from(listings).where(eq(listings.id, own.json().data.data.listing_id));
    expect(typed?.phoneNumber).toBe('(718) 555-0100');
  });
});

describe('changing the e-mail', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const request = (cookie: string | undefined, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/account/email-change', headers: cookie ? { cookie } : {}, payload: payload as object });
  const confirm = (cookie: string | undefined, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/account/email-change/confirm', headers: cookie ? { cookie } : {}, payload: payload as object });
  const signIn = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  const mailTo = (to: string) => app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it('answers 401 to a guest', async () => {
    expect((await request(undefined, { email: 'new@example.com', password: 'Secret123' })).statusCode).toBe(401);
    expect((await confirm(undefined, { email: 'new@example.com', code: '123456' })).statusCode).toBe(401);
  });

  it('needs the right password, then changes only once the code sent to the new address is confirmed; both get a notice', async () => {
    const me = await createConfirmedUser(app, 'old@example.com', 'Change123', 'Olga Old');

    const wrong = await request(me.cookie, { email: 'new@example.com', password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', key: 'auth.currentPasswordWrong' });
    expect(await mailTo('new@example.com')).toHaveLength(0);
    const missing = await request(me.cookie, { email: 'new@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.password.key).toBe('passwordRequired');

    const sent = await request(me.cookie, { email: ' New@Example.com ', password: 'Change123' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: 'Code sent to new@example.com' });
    const code = await latestCode(app, 'new@example.com');

    // Until the code is confirmed the old address stays.
    const [before] = await app.db.select().from(user).where(eq(user.id, me.id));
    expect(before?.email).toBe('old@example.com');
    expect((await signIn('old@example.com', 'Change123')).statusCode).toBe(200);
    expect((await signIn('new@example.com', 'Change123')).statusCode).toBe(401);

    // A wrong code counts a try and changes nothing.
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await confirm(me.cookie, { email: 'new@example.com', code: wrongCode });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_CODE', key: 'auth.invalidCode' });
    // The code is for this account only: another account cannot use it.
    const other = await createConfirmedUser(app, 'other-user@example.com', 'Other1234');
    expect((await confirm(other.cookie, { email: 'new@example.com', code })).statusCode).toBe(400);

    const ok = await confirm(me.cookie, { email: 'new@example.com', code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ 'user-id': me.id, email: 'new@example.com' });
    const [after] = await app.db.select().from(user).where(eq(user.id, me.id));
    expect(after).toMatchObject({ email: 'new@example.com', emailVerified: true });
    const [otherRow] = await app.db.select().from(user).where(eq(user.id, other.id));
    expect(otherRow?.email).toBe('other-user@example.com');
    // The session stays signed in with the new address; the password sign-in method is the user's.
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: me.cookie } });
    expect(session.json().user.email).toBe('new@example.com');
    const [credential] = await app.db
      .select()
      .from(account)
      .where(and(eq(account.userId, me.id), eq(account.providerId, 'credential')));
    expect(credential?.accountId).toBe(me.id);
    expect((await signIn('new@example.com', 'Change123')).statusCode).toBe(200);
    expect((await signIn('old@example.com', 'Change123')).statusCode).toBe(401);

    // Both addresses got the notice (the sign-ins above from a browser without the device cookie also
    // bring "New sign-in" notices: those are not counted here).
    for (const to of ['old@example.com', 'new@example.com']) {
      const notices = (await mailTo(to)).filter((m) => m.category === 'notice' && m.subject.startsWith('Your Medallion e-mail address was changed'));
      expect(notices, to).toHaveLength(1);
      expect(notices[0]?.text).toContain('Old address: old@example.com');
      expect(notices[0]?.text).toContain('New address: new@example.com');
    }

    // The used code is refused: it cannot be played again (to this address or back).
    const replay = await confirm(me.cookie, { email: 'new@example.com', code });
    expect(replay.statusCode).toBe(400);
    const [still] = await app.db.select().from(user).where(eq(user.id, me.id));
    expect(still?.email).toBe('new@example.com');
  });

  it('the same code sent twice in parallel changes the address once, with one pair of notices', async () => {
    const me = await createConfirmedUser(app, 'twice@example.com', 'Twice1234');
    expect((await request(me.cookie, { email: 'twice-new@example.com', password: 'Twice1234' })).statusCode).toBe(200);
    const code = await latestCode(app, 'twice-new@example.com');
    const answers = await Promise.all([0, 1].map(() => confirm(me.cookie, { email: 'twice-new@example.com', code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const [row] = await app.db.select().from(user).where(eq(user.id, me.id));
    expect(row?.email).toBe('twice-new@example.com');
    for (const to of ['twice@example.com', 'twice-new@example.com']) {
      expect(
        (await mailTo(to)).filter((m) => m.category === 'notice' && m.subject.startsWith('Your Medallion e-mail address was changed')),
        to,
      ).toHaveLength(1);
    }
  });

  it("signs the account's other browsers out, keeping this one (as a password change does)", async () => {
    const me = await createConfirmedUser(app, 'sessions-old@example.com', 'Sessions123');
    const elsewhere = sessionCookie(await signIn('sessions-old@example.com', 'Sessions123'));
    const stranger = await createConfirmedUser(app, 'sessions-stranger@example.com', 'Stranger123');
    const userOf = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user;
    expect(await userOf(elsewhere)).toMatchObject({ id: me.id });

    expect((await request(me.cookie, { email: 'sessions-new@example.com', password: 'Sessions123' })).statusCode).toBe(200);
    const ok = await confirm(me.cookie, { email: 'sessions-new@example.com', code: await latestCode(app, 'sessions-new@example.com') });
    expect(ok.statusCode, ok.body).toBe(200);

    expect(await userOf(me.cookie)).toMatchObject({ id: me.id, email: 'sessions-new@example.com' });
    expect(await userOf(elsewhere)).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/users', headers: { cookie: elsewhere } })).statusCode).toBe(401);
    // Another account's session is not touched.
    expect(await userOf(stranger.cookie)).toMatchObject({ id: stranger.id });
  });

  it('five wrong codes use the code up: the right one is then refused', async () => {
    const me = await createConfirmedUser(app, 'tries@example.com', 'Tries1234');
    expect((await request(me.cookie, { email: 'tries-new@example.com', password: 'Tries1234' })).statusCode).toBe(200);
    const code = await latestCode(app, 'tries-new@example.com');
    const wrongCode = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await confirm(me.cookie, { email: 'tries-new@example.com', code: wrongCode })).statusCode).toBe(400);
    const late = await confirm(me.cookie, { email: 'tries-new@example.com', code });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('CODE_EXPIRED');
    const [row] = await app.db.select().from(user).where(eq(user.id, me.id));
    expect(row?.email).toBe('tries@example.com');
  });

  it('refuses an address another account uses, and the own one, by key, sending no code', async () => {
    const me = await createConfirmedUser(app, 'taken-a@example.com', 'Taken1234');
    await createConfirmedUser(app, 'taken-b@example.com', 'Taken1234');
    const before = (await mailTo('taken-b@example.com')).length;
    const taken = await request(me.cookie, { email: 'taken-b@example.com', password: 'Taken1234' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN', key: 'account.emailInUse' });
    expect(taken.json().fields.email.key).toBe('account.emailInUse');
    expect(await mailTo('taken-b@example.com')).toHaveLength(before);
    const same = await request(me.cookie, { email: 'taken-a@example.com', password: 'Taken1234' });
    expect(same.statusCode).toBe(400);
    expect(same.json().key).toBe('account.emailSame');
  });

  it('refuses a taken address at confirmation too (someone signed up with it meanwhile)', async () => {
    const me = await createConfirmedUser(app, 'race-a@example.com', 'Race12345');
    expect((await request(me.cookie, { email: 'race-b@example.com', password: 'Race12345' })).statusCode).toBe(200);
    const code = await latestCode(app, 'race-b@example.com');
    await createConfirmedUser(app, 'race-b@example.com', 'Race12345');
    const res = await confirm(me.cookie, { email: 'race-b@example.com', code });
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe('account.emailInUse');
    const [row] = await app.db.select().from(user).where(eq(user.id, me.id));
    expect(row?.email).toBe('race-a@example.com');
  });

  it('limits codes: 5 per account in 15 minutes, whatever the addresses', async () => {
    const me = await createConfirmedUser(app, 'quota@example.com', 'Quota1234');
    for (let i = 0; i < 5; i++) {
      expect((await request(me.cookie, { email: `quota-${i}@example.com`, password: 'Quota1234' })).statusCode).toBe(200);
    }
    const sixth = await request(me.cookie, { email: 'quota-5@example.com', password: 'Quota1234' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().key).toBe('auth.tooManyCodes');
    expect(await mailTo('quota-5@example.com')).toHaveLength(0);
  });

  it.each([
    [{ email: 'bad\u0000@example.com', password: 'x' }, 'email'],
    [{ email: 'x'.repeat(100_000) + '@example.com', password: 'x' }, 'email'],
    [{ email: 'not-an-email', password: 'x' }, 'email'],
    [{ email: ['a@example.com'], password: 'x' }, 'email'],
    [{ email: 'a@example.com', password: 'p'.repeat(10_000) }, 'password'],
  ])('answers 400 to %j', async (payload, field) => {
    const me = await createConfirmedUser(app, `bad-${Math.random().toString(36).slice(2)}@example.com`, 'Bad12345');
    const res = await request(me.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBeDefined();
    const code = await confirm(me.cookie, { email: 'a@example.com', code: '12\u00003456' });
    expect(code.statusCode).toBe(400);
  });
});

const redisUp = await redisReachable();

describe.skipIf(!redisUp)('with sessions in Redis', async () => {
  const { app } = await buildTestApp({
    AUTH_RATE_LIMIT_MAX: '1000',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: `medallion-test:profile-${process.pid}-${Date.now()}:`,
    MEDIA_SHARED: 'true',
  });

  it('a name change shows at once in the cached sessions of every browser; an e-mail change signs the others out', async () => {
    const me = await createConfirmedUser(app, 'cached@example.com', 'Cached123', 'Cora Cached');
    const second = sessionCookie(
      await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'cached@example.com', password: 'Cached123' } }),
    );
    const sessionOf = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user;
    expect((await sessionOf(second)).name).toBe('Cora Cached');

    await app.inject({ method: 'PATCH', url: '/api/account/profile', headers: { cookie: me.cookie }, payload: { name: 'Cora Renamed' } });
    expect((await sessionOf(second)).name).toBe('Cora Renamed');

    await app.inject({
      method: 'POST',
      url: '/api/account/email-change',
      headers: { cookie: me.cookie },
      payload: { email: 'cached-new@example.com', password: 'Cached123' },
    });
    const code = await latestCode(app, 'cached-new@example.com');
    const ok = await app.inject({
      method: 'POST',
      url: '/api/account/email-change/confirm',
      headers: { cookie: me.cookie },
      payload: { email: 'cached-new@example.com', code },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await sessionOf(second)).toBeNull();
    expect((await sessionOf(me.cookie)).email).toBe('cached-new@example.com');
  });
});
