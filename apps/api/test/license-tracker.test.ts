import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeHeader, startSmtpSink } from '../../../test-support/smtp-sink';
import { addDays, newYorkDay, type LicenseTracker } from '@medallion/contracts/license-tracker';
import { licenseReminders, licenseTrackers, mailOutbox } from '@medallion/db/schema';
import { reminderOptionsFor } from '../src/modules/license-tracker/license-reminder-job';
import { reminderMailHeaders } from '../src/modules/license-tracker/reminder-email';
import { sendLicenseReminders } from '../src/modules/license-tracker/send-license-reminders';
import { createConfirmedUser } from './helpers/auth';
import { buildTestApp } from './helpers/build-test-app';

const DAY = 86_400_000;
/** Noon in New York on a day (EST or EDT: 16:00 or 17:00 UTC; 17:00 is noon or 1 pm). */
const nyNoon = (day: string) => new Date(`${day}T17:00:00Z`);

describe('license tracker', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const today = newYorkDay(new Date());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const mark = (cookie: string, step: string, body: unknown, headers: Record<string, string> = {}) =>
    call('PUT', `/api/license-tracker/steps/${step}`, cookie, body, headers);
  const tracker = async (cookie: string) => (await call('GET', '/api/license-tracker', cookie)).json().data as LicenseTracker;
  const reminders = (now: Date) => sendLicenseReminders(app.db, now, reminderOptionsFor(app));
  const mailsTo = (email: string) =>
    app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.category, 'reminder')));

  it('starts empty, marks steps with their days, counts 90 days from filing, and clears a step', async () => {
    const me = await createConfirmedUser(app, 'lt-crud@example.com');
    const empty = await tracker(me.cookie);
    expect(empty.steps).toHaveLength(8);
    expect(empty.steps.every((s) => s.done_on === null && s.appointment === null)).toBe(true);
    expect(empty).toMatchObject({ filed_on: null, deadline: null, days_left: null, reminders: true });

    const filed = addDays(today, -10);
    expect((await mark(me.cookie, 'class-e', { done_on: addDays(today, -20) })).statusCode).toBe(200);
    const res = await mark(me.cookie, 'application', { done_on: filed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ filed_on: filed, deadline: addDays(filed, 90), days_left: 80 });

    const appointment = { date: addDays(today, 5), time: '09:30', place: 'LabCorp, 123 Main St, Queens' };
    const withAppointment = await mark(me.cookie, 'drug-test', { appointment });
    expect(withAppointment.statusCode, withAppointment.body).toBe(200);
    const read = await tracker(me.cookie);
    expect(read.steps.find((s) => s.step === 'drug-test')).toEqual({ step: 'drug-test', done_on: null, appointment });
    expect(read.steps.find((s) => s.step === 'class-e')?.done_on).toBe(addDays(today, -20));

    expect((await mark(me.cookie, 'class-e', { done_on: null })).statusCode).toBe(200);
    expect((await tracker(me.cookie)).steps.find((s) => s.step === 'class-e')?.done_on).toBeNull();
    // The appointment stays when only the day changes.
    expect((await mark(me.cookie, 'drug-test', { done_on: today })).json().data.steps[5]).toEqual({ step: 'drug-test', done_on: today, appointment });
  });

  it('refuses bad days with a clear 400 in the language asked for, and unknown steps', async () => {
    const me = await createConfirmedUser(app, 'lt-rules@example.com');
    const future = await mark(me.cookie, 'class-e', { done_on: addDays(today, 1) });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ key: 'licenseTracker.dayInFuture', params: { today } });
    expect(future.json().fields.done_on.key).toBe('licenseTracker.dayInFuture');

    for (const done_on of ['2026-02-30', 'yesterday', '1999-12-31', '2026-1-1']) {
      const bad = await mark(me.cookie, 'class-e', { done_on });
      expect(bad.statusCode, done_on).toBe(400);
      expect(bad.json().fields.done_on.key).toBe('licenseDayInvalid');
    }
    expect((await mark(me.cookie, 'not-a-step', { done_on: today })).statusCode).toBe(400);
    expect((await mark(me.cookie, 'school', { appointment: { date: today, time: '25:00', place: '' } })).json().fields['appointment.time'].key).toBe(
      'licenseTimeInvalid',
    );
    const online = await mark(me.cookie, 'application', { appointment: { date: today, time: '10:00', place: 'LARS' } });
    expect(online.statusCode).toBe(400);
    expect(online.json().key).toBe('licenseTracker.noAppointment');

    const filed = addDays(today, -30);
    expect((await mark(me.cookie, 'application', { done_on: filed })).statusCode).toBe(200);
    const early = await mark(me.cookie, 'tlc-exam', { done_on: addDays(filed, -1) });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ key: 'licenseTracker.beforeFiling', params: { filed } });
    const late = await mark(me.cookie, 'medical-exam', { done_on: addDays(filed, 1) });
    expect(late.json()).toMatchObject({ key: 'licenseTracker.afterFiling', params: { filed } });
    expect((await mark(me.cookie, 'school', { done_on: addDays(filed, 3) })).statusCode).toBe(200);
    // Moving the filing day past a later step's day is refused on the filing step.
    const moved = await mark(me.cookie, 'application', { done_on: addDays(filed, 5) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ key: 'licenseTracker.filingAfterStep', params: { day: addDays(filed, 3) } });

    // The message is the catalogue's: the web shows it in Russian from its key; the English text is in `message`.
    expect(future.json().message).toContain(today);
    expect(await call('GET', '/api/license-tracker')).toMatchObject({ statusCode: 401 });
  });

  it("keeps each account's progress to itself", async () => {
    const a = await createConfirmedUser(app, 'lt-a@example.com');
    const b = await createConfirmedUser(app, 'lt-b@example.com');
    await mark(a.cookie, 'application', { done_on: today });
    await mark(a.cookie, 'fingerprints', { appointment: { date: today, time: '11:00', place: 'IdentoGO' } });
    const theirs = await tracker(b.cookie);
    expect(theirs.filed_on).toBeNull();
    expect((await call('GET', '/api/license-tracker/steps/fingerprints/calendar.ics', b.cookie)).statusCode).toBe(404);
    await mark(b.cookie, 'application', { done_on: addDays(today, -3) });
    expect((await tracker(a.cookie)).filed_on).toBe(today);
  });

  it("merges a guest's progress once: the account's days win, twice or in parallel changes nothing more", async () => {
    const me = await createConfirmedUser(app, 'lt-merge@example.com');
    await mark(me.cookie, 'class-e', { done_on: addDays(today, -40) });
    const guest = [
      { step: 'class-e', done_on: addDays(today, -35), appointment: null },
      { step: 'defensive-driving', done_on: addDays(today, -30), appointment: null },
      { step: 'application', done_on: addDays(today, -20), appointment: null },
      // Before filing: breaks a rule, left out.
      { step: 'tlc-exam', done_on: addDays(today, -25), appointment: { date: addDays(today, 10), time: '08:00', place: 'TLC, Long Island City' } },
    ];
    const [first, second] = await Promise.all([
      call('POST', '/api/license-tracker/merge', me.cookie, { steps: guest }),
      call('POST', '/api/license-tracker/merge', me.cookie, { steps: guest }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const merged = await tracker(me.cookie);
    expect(merged.steps.map((s) => s.done_on)).toEqual([addDays(today, -40), addDays(today, -30), null, addDays(today, -20), null, null, null, null]);
    expect(merged.steps[7]?.appointment).toEqual(guest[3]!.appointment);
    const again = await call('POST', '/api/license-tracker/merge', me.cookie, { steps: guest });
    expect(again.json().data).toEqual(merged);
    expect((await call('POST', '/api/license-tracker/merge', me.cookie, { steps: [{ step: 'x', done_on: null, appointment: null }] })).statusCode).toBe(400);
  });

  it('gives an appointment as a calendar file a calendar parser reads (UTC times, escaped and folded text)', async () => {
    const me = await createConfirmedUser(app, 'lt-ics@example.com');
    const place = 'IdentoGO; 1 Centre St, Manhattan, New York — a very long place name to make the line fold past seventy-five octets';
    await mark(me.cookie, 'fingerprints', { appointment: { date: '2027-01-15', time: '09:30', place } });
    const res = await call('GET', '/api/license-tracker/steps/fingerprints/calendar.ics', me.cookie, undefined, { 'accept-language': 'ru' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toContain('attachment; filename="medallion-fingerprints.ics"');
    expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(res.body).toContain('\r\n ');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toMatch(/^license-fingerprints-[0-9a-f]+@medallion$/);
    expect(event.location).toBe(place);
    expect(event.summary).toBe('TLC: Отпечатки пальцев и фото');
    // 9:30 in New York in January (EST, UTC-5).
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-01-15T14:30:00.000Z');
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstamp')).toBeTruthy();
    // Summer time: 9:30 EDT is 13:30 UTC.
    await mark(me.cookie, 'fingerprints', { appointment: { date: '2027-07-15', time: '09:30', place: 'x' } });
    const summer = await call('GET', '/api/license-tracker/steps/fingerprints/calendar.ics', me.cookie);
    expect(new ICAL.Event(new ICAL.Component(ICAL.parse(summer.body)).getFirstSubcomponent('vevent')!).startDate.toJSDate().toISOString()).toBe(
      '2027-07-15T13:30:00.000Z',
    );
    expect((await call('GET', '/api/license-tracker/steps/tlc-exam/calendar.ics', me.cookie)).json().key).toBe('licenseTracker.appointmentMissing');
  });

  it('sends each deadline reminder once, also from two parallel rounds, in the language of the last change', async () => {
    const email = 'lt-deadline@example.com';
    const me = await createConfirmedUser(app, email, 'Secret123', 'Ivan Driver');
    const filed = addDays(today, -1);
    expect((await mark(me.cookie, 'application', { done_on: filed }, { 'accept-language': 'ru' })).statusCode).toBe(200);
    await mark(me.cookie, 'class-e', { done_on: addDays(today, -5) }, { 'accept-language': 'ru' });
    const deadline = addDays(filed, 90);

    // 31 days before the deadline: no deadline reminder yet, but nothing was marked for 58 days: the stalled one (once).
    await reminders(nyNoon(addDays(deadline, -32)));
    await reminders(nyNoon(addDays(deadline, -31)));
    const stalled = await mailsTo(email);
    expect(stalled.map((m) => m.subject)).toEqual(['«Лицензия TLC»: всё идёт по плану?']);

    const at30 = nyNoon(addDays(deadline, -30));
    await Promise.all([reminders(at30), reminders(at30)]);
    await Promise.all([reminders(at30), reminders(at30)]);
    let mails = (await mailsTo(email)).filter((m) => m.id !== stalled[0]!.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('«Лицензия TLC»: осталось 30 дней, чтобы пройти курс и сдать экзамен');
    expect(mails[0]!.text).toContain('Экзамен TLC');
    expect(mails[0]!.text).not.toContain('Права класса E\n');
    expect(mails[0]!.text).toMatch(/\/steps\?unsubscribe=/);

    // A server missed days 14 and 7: at 6 days left only the 7-day reminder goes; 2 days left sends once more.
    await reminders(nyNoon(addDays(deadline, -6)));
    await reminders(nyNoon(addDays(deadline, -5)));
    mails = (await mailsTo(email)).filter((m) => m.id !== stalled[0]!.id);
    expect(mails.map((m) => m.subject).sort()).toEqual([expect.stringContaining('30 дней'), expect.stringContaining('6 дней')]);
    await Promise.all([reminders(nyNoon(addDays(deadline, -2))), reminders(nyNoon(addDays(deadline, -2)))]);
    expect(await mailsTo(email)).toHaveLength(4);
    const kinds = await app.db.select().from(licenseReminders).where(eq(licenseReminders.userId, me.id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['deadline-14', 'deadline-2', 'deadline-30', 'deadline-7', 'stalled']);
    expect(kinds.filter((k) => k.mailId !== null)).toHaveLength(4);
    // After the deadline: nothing.
    await reminders(nyNoon(addDays(deadline, 1)));
    expect(await mailsTo(email)).toHaveLength(4);
  });

  it('sends one "still on track?" reminder after 21 days without a mark, none once every step is done', async () => {
    const email = 'lt-stalled@example.com';
    const me = await createConfirmedUser(app, email);
    await mark(me.cookie, 'application', { done_on: today }, { 'accept-language': 'en' });
    await reminders(new Date(Date.now() + 20 * DAY));
    expect(await mailsTo(email)).toHaveLength(0);
    await reminders(new Date(Date.now() + 22 * DAY));
    await reminders(new Date(Date.now() + 23 * DAY));
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('TLC license: still on track?');
    expect(mails[0]!.text).toContain('No step of your license tracker was marked done in the last 21 days');

    // A deadline reminder is not followed by a nudge: the stall counts from the last e-mail too.
    const quiet = await createConfirmedUser(app, 'lt-quiet@example.com');
    const filed = addDays(today, -1);
    await mark(quiet.cookie, 'application', { done_on: filed });
    await reminders(nyNoon(addDays(filed, 60)));
    await reminders(nyNoon(addDays(filed, 60)));
    await reminders(nyNoon(addDays(filed, 70)));
    expect((await mailsTo('lt-quiet@example.com')).map((m) => m.subject)).toEqual([expect.stringContaining('30 days left')]);
    await reminders(nyNoon(addDays(filed, 81)));
    expect((await mailsTo('lt-quiet@example.com')).map((m) => m.subject).sort()).toEqual([
      expect.stringContaining('30 days left'),
      expect.stringContaining('9 days left'),
    ]);

    const done = await createConfirmedUser(app, 'lt-done@example.com');
    await mark(done.cookie, 'application', { done_on: addDays(today, -2) });
    for (const step of ['class-e', 'defensive-driving', 'medical-exam']) await mark(done.cookie, step, { done_on: addDays(today, -3) });
    for (const step of ['school', 'drug-test', 'fingerprints', 'tlc-exam']) await mark(done.cookie, step, { done_on: today });
    await reminders(nyNoon(addDays(today, 60)));
    expect(await mailsTo('lt-done@example.com')).toHaveLength(0);
  });

  it('unsubscribes with the signed link without signing in, and the setting turns reminders back on', async () => {
    const email = 'lt-unsub@example.com';
    const me = await createConfirmedUser(app, email);
    const filed = addDays(today, -70);
    await mark(me.cookie, 'application', { done_on: filed });
    await reminders(new Date());
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toContain('20 days left');
    const headers = reminderMailHeaders({ category: mail!.category, text: mail!.text })!;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const apiUrl = new URL(headers['List-Unsubscribe']!.slice(1, -1));
    expect(apiUrl.pathname).toBe('/api/license-tracker/unsubscribe');
    const token = apiUrl.searchParams.get('token')!;

    // A browser opening the API link is sent to the page; the page (or a one-click POST) turns reminders off.
    const html = await call('GET', `/api/license-tracker/unsubscribe?token=${encodeURIComponent(token)}`, undefined, undefined, { accept: 'text/html' });
    expect(html.statusCode).toBe(303);
    expect(html.headers.location).toBe(`/steps?unsubscribe=${encodeURIComponent(token)}`);
    const off = await app.inject({
      method: 'POST',
      url: `/api/license-tracker/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await tracker(me.cookie)).reminders).toBe(false);
    expect((await call('POST', `/api/license-tracker/unsubscribe?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);

    // A forged or altered token is refused.
    const other = await createConfirmedUser(app, 'lt-unsub-other@example.com');
    const forged = `${Buffer.from(other.id).toString('base64url')}.${token.split('.')[1]}`;
    const refused = await call('POST', `/api/license-tracker/unsubscribe?token=${encodeURIComponent(forged)}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().key).toBe('licenseTracker.unsubscribeInvalid');

    await reminders(nyNoon(addDays(filed, 88)));
    expect(await mailsTo(email)).toHaveLength(1);
    const on = await call('PUT', '/api/license-tracker/reminders', me.cookie, { on: true });
    expect(on.json().data.reminders).toBe(true);
    const [row] = await app.db.select().from(licenseTrackers).where(eq(licenseTrackers.userId, me.id));
    expect(row?.reminders).toBe(true);
    await reminders(nyNoon(addDays(filed, 88)));
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('runs a round as of a given time from the dev trigger (this machine only, without SMTP)', async () => {
    const res = await call('POST', '/api/dev/license-reminders', undefined, { now: new Date().toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ran).toBe(true);
    const remote = await app.inject({
      method: 'POST',
      url: '/api/dev/license-reminders',
      payload: { now: new Date().toISOString() },
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(403);
  });
});

describe('license reminders over SMTP', async () => {
  const smtp = await startSmtpSink();
  afterAll(() => smtp.close());
  const { app } = await buildTestApp({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL: 'https://medallion.example' });

  it('carry List-Unsubscribe (one-click) with the signed token of the e-mail, which works without signing in', async () => {
    const reader = await createConfirmedUser(app, 'lt-smtp@example.com');
    const filed = addDays(newYorkDay(new Date()), -70);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/license-tracker/steps/application',
      headers: { cookie: reader.cookie },
      payload: { done_on: filed },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await sendLicenseReminders(app.db, new Date(), reminderOptionsFor(app))).mails).toBe(1);
    await app.mailer.deliverDue();
    const mail = smtp.received.find((m) => m.to.includes('lt-smtp@example.com') && m.raw.includes('List-Unsubscribe'));
    expect(mail).toBeDefined();
    const header = mail!.raw.match(/^List-Unsubscribe:\s*<([^>]*)>/m)?.[1];
    expect(header).toMatch(/^https:\/\/medallion\.example\/api\/license-tracker\/unsubscribe\?token=/);
    expect(decodeHeader(mail!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const url = new URL(header!);
    const off = await app.inject({ method: 'POST', url: `${url.pathname}${url.search}` });
    expect(off.statusCode, off.body).toBe(200);
    const [row] = await app.db.select().from(licenseTrackers).where(eq(licenseTrackers.userId, reader.id));
    expect(row?.reminders).toBe(false);
  });
});
