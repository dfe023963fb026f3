import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { formatLongDate } from '@medallion/contracts/formats';
import { addDays, newYorkDay } from '@medallion/contracts/license-tracker';
import { appText, chooseLanguage, expect, expectAccessible, openSettled, test, WIDTHS, type Lang } from './fixtures';

/** A text of the app with its {{placeholders}} filled. */
function text(lng: Lang, ns: string, key: string, params: Record<string, string | number> = {}): string {
  return Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), appText(lng, ns, key));
}

const SUBJECT = { en: '30 days left to finish the course and the exam', ru: 'осталось 30 дней, чтобы пройти курс и сдать экзамен' };

// Both languages at both widths (issue #34): what the tracker shows a user depends on both.
for (const [width, lng] of WIDTHS.flatMap((w) => (['en', 'ru'] as const).map((l) => [w, l] as const))) {
  test(`the license tracker: 8 steps with days, the countdown, a reminder e-mail, a calendar file (${width}px, ${lng})`, async ({ page, newAccount }) => {
    const tr = (key: string, params?: Record<string, string | number>) => text(lng, 'steps', `tracker.${key}`, params);
    await page.setViewportSize({ width, height: 900 });
    await chooseLanguage(page, lng);
    const today = newYorkDay(new Date());
    const tracker = page.getByTestId('tracker');
    const doneLabel = tracker.getByLabel(tr('doneLabel'));
    const next = page.getByRole('link', { name: appText(lng, 'steps', 'next'), exact: true });

    // A guest marks step 1: it is kept in this browser, and joins the account at sign-in.
    await openSettled(page, '/steps');
    await expect(tracker.getByText(tr('notFiled'))).toBeVisible();
    // A day to come is refused, in the page's language, the day written as the language writes it.
    await doneLabel.fill(addDays(today, 1));
    await tracker.getByRole('button', { name: tr('markDone') }).click();
    await expect(tracker.getByRole('alert')).toHaveText(
      text(lng, 'common', 'messages.licenseTracker.dayInFuture', { today: formatLongDate(new Date(`${today}T12:00:00Z`), lng) }),
    );
    await doneLabel.fill(addDays(today, -4));
    await tracker.getByRole('button', { name: tr('markDone') }).click();
    await expect(tracker.getByTestId('tracker-done-count')).toHaveText(tr('doneCount', { done: 1, total: 8 }));
    const account = await newAccount(page, { prefix: `tracker-${lng}` });
    await openSettled(page, '/steps');
    await expect(tracker.getByTestId('tracker-done-count')).toHaveText(tr('doneCount', { done: 1, total: 8 }));
    await expect(tracker.getByText(tr('guestNote'))).toHaveCount(0);

    // Steps 2–7 marked done with their days; filing (step 4) starts the 90 days.
    const filed = addDays(today, -2);
    const days: Record<number, string> = { 2: addDays(today, -3), 3: addDays(today, -3), 4: filed, 5: today, 6: today, 7: today };
    for (let n = 2; n <= 7; n += 1) {
      await next.click();
      await expect(tracker.getByRole('heading', { level: 3, name: new RegExp(`^${tr('stepStatus', { n, name: '' }).trim()}`) })).toBeVisible();
      await doneLabel.fill(days[n]!);
      await tracker.getByRole('button', { name: tr('markDone') }).click();
      await expect(tracker.getByTestId('tracker-done-count')).toHaveText(tr('doneCount', { done: n, total: 8 }));
    }
    await expect(tracker.getByTestId('countdown')).toContainText(tr(lng === 'ru' ? 'countdown_many' : 'countdown_other', { count: 88 }));

    // Step 8: the TLC exam's appointment, as a calendar file a calendar parser reads. Step 7 has an
    // appointment form too: its fields are filled only once step 8's form is the one on the page.
    await next.click();
    await expect(tracker.getByRole('heading', { level: 3, name: new RegExp(`^${tr('stepStatus', { n: 8, name: '' }).trim()}`) })).toBeVisible();
    const appointment = tracker.getByTestId('appointment-form');
    await appointment.getByLabel(tr('appointmentDate')).fill(addDays(today, 7));
    await appointment.getByLabel(tr('appointmentTime')).fill('09:30');
    await appointment.getByLabel(tr('appointmentPlace')).fill('TLC, Long Island City; room 2');
    await appointment.getByRole('button', { name: tr('saveAppointment') }).click();
    const download = page.waitForEvent('download');
    await appointment.getByTestId('ics-link').click();
    const ics = readFileSync((await (await download).path())!, 'utf8');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(event.location).toBe('TLC, Long Island City; room 2');
    expect(event.summary).toBe(lng === 'ru' ? 'TLC: Экзамен TLC' : 'TLC: TLC exam');
    expect(event.startDate.toJSDate().getTime()).toBeGreaterThan(Date.now());
    await expectAccessible(page);

    // The dashboard's card counts down too.
    await openSettled(page, '/dashboard');
    await expect(page.getByTestId('license-card-countdown')).toContainText(
      text(lng, 'dashboard', lng === 'ru' ? 'license.daysLeft_many' : 'license.daysLeft_other', { count: 88 }),
    );

    // A reminder round as of 30 days before the deadline (the development trigger): the e-mail arrives once.
    const asOf = new Date(`${addDays(filed, 60)}T17:00:00Z`).toISOString();
    let mail = { subject: '', text: '' };
    await expect
      .poll(
        async () => {
          const { data } = (await (await page.request.get('/api/dev/mail')).json()) as { data: { to: string; subject: string; text: string }[] };
          mail = data.find((m) => m.to === account.email && m.subject.includes(SUBJECT[lng])) ?? mail;
          // One round runs at a time (a lease): when another held it, run one again.
          if (!mail.text) expect((await page.request.post('/api/dev/license-reminders', { data: { now: asOf } })).status()).toBe(200);
          return mail.subject;
        },
        { message: `a reminder for ${account.email}` },
      )
      .toContain(SUBJECT[lng]);
    expect(mail.text).toContain(lng === 'ru' ? 'Экзамен TLC' : 'TLC exam');

    // Its unsubscribe link works without signing in; the switch on the page turns reminders back on.
    const link = new URL(mail.text.match(/https?:\/\/\S+\/steps\?unsubscribe=\S+/)![0]);
    expect((await page.request.post('/api/auth/sign-out')).status()).toBe(200);
    await openSettled(page, link.pathname + link.search);
    await expect(tracker.getByTestId('unsubscribed')).toContainText(tr('unsubscribed'));
    // The link opens the guide's first step: the answer is brought into view, not left under the step.
    await expect(tracker.getByTestId('unsubscribed')).toBeInViewport();
    await expect(tracker.getByRole('link', { name: tr('signInToTurnOn') })).toBeVisible();
    const signedIn = await page.request.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } });
    expect(signedIn.status()).toBe(200);
    await openSettled(page, '/steps?step=8');
    const reminders = tracker.getByTestId('reminders-toggle');
    await expect(reminders).not.toBeChecked();
    await reminders.check();
    await expect(reminders).toBeChecked();
    await tracker.getByRole('button', { name: tr('markDone') }).click();
    await expect(tracker.getByTestId('tracker-done-count')).toHaveText(tr('doneCount', { done: 8, total: 8 }));
  });
}

test('a tracker that cannot be read says so and reads it again on "Try again" (375px, en)', async ({ page, newAccount }) => {
  const tr = (key: string, params?: Record<string, string | number>) => text('en', 'steps', `tracker.${key}`, params);
  await page.setViewportSize({ width: 375, height: 800 });
  await chooseLanguage(page, 'en');
  await newAccount(page, { prefix: 'tracker-offline' });
  // The connection drops for the tracker's read (and its one retry): an error, not "Loading…" for ever.
  await page.route('**/api/license-tracker', (route) => route.abort());
  await openSettled(page, '/steps');
  const failed = page.getByTestId('tracker-failed');
  await expect(failed).toContainText(tr('unavailable'));
  await expect(failed).toContainText(appText('en', 'common', 'errors.network'));
  await page.unroute('**/api/license-tracker');
  await failed.getByRole('button', { name: tr('retry') }).click();
  await expect(page.getByTestId('done-form')).toBeVisible();
  await expect(failed).toHaveCount(0);
});
