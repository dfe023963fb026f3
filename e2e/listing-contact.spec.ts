import type { APIRequestContext, Page } from '@playwright/test';
import {
  axeProblems,
  chooseLanguage,
  DRIVER,
  expect,
  openSettled,
  otherPage,
  saveCardByApi,
  sideways,
  signIn,
  STAFF,
  test,
  WIDTH_LANG_PAIRS,
} from './fixtures';
import { RENTAL_LABEL_FIELDS } from '../test-support/rental-label';

/*
 * Issue #16, "drivers reach owners safely": Message the owner (relayed by e-mail, kept in both
 * dashboards) and Report this listing (into the staff queue), at 375 and 1280 px, in English and Russian.
 */

const TEXT = {
  en: {
    messageTitle: 'Message the owner',
    messageLabel: 'Your message',
    send: 'Send to the owner',
    sent: 'Message sent. Replies will show up in your dashboard.',
    messagesTab: 'Messages',
    unread: 'New',
    replyLabel: 'Your reply',
    sendReply: 'Send reply',
    back: 'All conversations',
    signInToMessage: 'Sign in to message the owner',
    signInToReport: 'Sign in to report this listing',
    report: 'Report this listing',
    reportDialog: 'Report this listing',
    scam: 'Asks for a deposit or payment outside Medallion, or looks like a scam',
    other: 'Other',
    detailsRequired: 'Details (required for Other)',
    detailsMissing: 'Tell us what is wrong with this listing.',
    sendReport: 'Send report',
    thanks: 'Thank you for your report. Our team will review this listing.',
    already: 'You have already reported this listing. Thank you: our team will look into it.',
    done: 'Done',
    queue: 'Reported listings',
    dismiss: 'Dismiss',
    deactivate: 'Deactivate listing',
    empty: 'No open reports.',
  },
  ru: {
    messageTitle: 'Написать владельцу',
    messageLabel: 'Ваше сообщение',
    send: 'Отправить владельцу',
    sent: 'Сообщение отправлено. Ответы появятся в личном кабинете.',
    messagesTab: 'Сообщения',
    unread: 'Новое',
    replyLabel: 'Ваш ответ',
    sendReply: 'Отправить ответ',
    back: 'Все переписки',
    signInToMessage: 'Войти и написать владельцу',
    signInToReport: 'Войти и пожаловаться на объявление',
    report: 'Пожаловаться на объявление',
    reportDialog: 'Жалоба на объявление',
    scam: 'Просит залог или оплату вне Medallion, похоже на мошенничество',
    other: 'Другое',
    detailsRequired: 'Подробности (обязательно для «Другое»)',
    detailsMissing: 'Расскажите, что не так с этим объявлением.',
    sendReport: 'Отправить жалобу',
    thanks: 'Спасибо за жалобу. Наша команда проверит это объявление.',
    already: 'Вы уже пожаловались на это объявление. Спасибо: наша команда его проверит.',
    done: 'Готово',
    queue: 'Жалобы на объявления',
    dismiss: 'Отклонить',
    deactivate: 'Снять объявление',
    empty: 'Открытых жалоб нет.',
  },
} as const;

/** An ACTIVE listing of the demo driver (the owner in these tests). */
async function demoDriverListing(page: Page): Promise<{ listing_id: string; title: string }> {
  const mine = (await (await page.request.get('/api/listing')).json()) as { data: { data: { listing_id: string; title: string; status: string }[] } };
  const active = mine.data.data.find((l) => l.status === 'ACTIVE' && l.title);
  if (!active) throw new Error('the demo driver has no active listing');
  return active;
}

/** A plate listing of the signed-in account, paid for and approved by staff: ACTIVE and in the marketplace. */
async function publishPlate(page: Page, staff: APIRequestContext, title: string): Promise<string> {
  const step1 = await page.request.post('/api/listing/save-draft', {
    data: { step: 1, category: 'plates', location: { city: 'Queens', state: 'NY', zip_code: '11101' } },
  });
  expect(step1.status(), await step1.text()).toBe(200);
  const id = ((await step1.json()) as { data: { data: { listing_id: string } } }).data.data.listing_id;
  const step2 = await page.request.post('/api/listing/save-draft', {
    data: {
      step: 2,
      listing_id: id,
      category: 'plates',
      title,
      listing_price: 400,
      deal_type: 'rent',
      payment_period: 'weekly',
      plate_number: 'T123456C',
      ...RENTAL_LABEL_FIELDS,
    },
  });
  expect(step2.status(), await step2.text()).toBe(200);
  const pm = await saveCardByApi(page);
  const paid = await page.request.post('/api/payments/create-payment-intent', { data: { 'user-pm': pm, 'payment-amount': 108, 'listing-id': id } });
  expect(paid.status(), await paid.text()).toBe(200);
  const approved = await staff.post(`/api/admin/listings/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  return id;
}

test('a guest sees sign-in links that come back to the listing', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await chooseLanguage(page, 'en');
  const listings = (await (await page.request.get('/api/listing-all?deal_type=sale&page_size=1')).json()) as { data: { listings: { listing_id: string }[] } };
  const id = listings.data.listings[0]!.listing_id;
  await openSettled(page, `/listing/${id}`);
  const back = `/login?redirect=${encodeURIComponent(`/listing/${id}`)}`;
  await expect(page.getByRole('link', { name: TEXT.en.signInToMessage })).toHaveAttribute('href', back);
  await expect(page.getByRole('link', { name: TEXT.en.signInToReport })).toHaveAttribute('href', back);
  await expect(page.getByLabel(TEXT.en.messageLabel)).toHaveCount(0);
});

for (const [width, lng] of WIDTH_LANG_PAIRS) {
  const t = TEXT[lng];

  test(`a driver messages an owner, the owner replies from the dashboard, the driver reads it (${width}px, ${lng})`, async ({ page, browser, newAccount }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await chooseLanguage(page, lng);
    const name = `Mira ${lng}${width} ${Date.now() % 100000}`;
    await newAccount(page, { prefix: 'msg', name });

    const owner = await otherPage(browser, width);
    await chooseLanguage(owner, lng);
    await signIn(owner, DRIVER);
    const listing = await demoDriverListing(owner);

    // The driver writes from the listing page; an empty message is refused in the form.
    await openSettled(page, `/listing/${listing.listing_id}`);
    const form = page.getByRole('region', { name: t.messageTitle });
    await form.getByRole('button', { name: t.send }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    const question = `Is it still available on Monday? (${name})`;
    await form.getByLabel(t.messageLabel).fill(question);
    await form.getByRole('button', { name: t.send }).click();
    await expect(form.getByText(t.sent)).toBeVisible();
    await expect(form.getByLabel(t.messageLabel)).toHaveValue('');
    expect(await axeProblems(page, 'main')).toEqual([]);

    // Relayed by e-mail to the owner, Reply-To the driver.
    await expect
      .poll(async () => {
        const mail = (await (await owner.request.get('/api/dev/mail')).json()) as { data: { to: string; reply_to?: string | null; text: string }[] };
        return mail.data.find((m) => m.to === DRIVER.email && m.text.includes(question)) ? 'relayed' : 'waiting';
      })
      .toBe('relayed');

    // The owner sees the thread, unread, in the Messages tab and replies.
    await openSettled(owner, '/dashboard?tab=messages');
    await expect(owner.getByRole('tab', { name: t.messagesTab })).toHaveAttribute('aria-selected', 'true');
    // The tab's badge counts the unread conversations, and its name says so ("Messages, 2 unread").
    await expect(owner.getByRole('tab', { name: t.messagesTab })).toHaveAccessibleName(new RegExp(`^${t.messagesTab}, \\D*[1-9]\\d*( unread)?$`));
    const item = owner.getByTestId('conversation-item').filter({ hasText: name });
    await expect(item.getByTestId('unread-mark')).toHaveText(t.unread);
    expect(await axeProblems(owner, 'main')).toEqual([]);
    await item.click();
    await expect(owner.getByTestId('thread-message').filter({ hasText: question })).toBeVisible();
    await expect(item.getByTestId('unread-mark')).toHaveCount(0);
    const answer = `Yes, come at 10. (${name})`;
    await owner.getByLabel(t.replyLabel).fill(answer);
    await owner.getByRole('button', { name: t.sendReply }).click();
    await expect(owner.getByTestId('thread-message').filter({ hasText: answer })).toBeVisible();
    await expect(owner.getByLabel(t.replyLabel)).toHaveValue('');
    expect(await axeProblems(owner, 'main')).toEqual([]);
    expect(await sideways(owner)).toBe(0);
    if (width < 768) {
      // On a phone the thread replaces the list; the way back shows it again.
      await owner.getByRole('button', { name: t.back }).click();
      await expect(item).toBeVisible();
    }
    await owner.context().close();

    // The driver finds the reply in their own dashboard.
    await openSettled(page, '/dashboard?tab=messages');
    const mine = page.getByTestId('conversation-item').filter({ hasText: listing.title });
    await expect(mine.getByTestId('unread-mark')).toBeVisible();
    await mine.click();
    await expect(page.getByTestId('thread-message').filter({ hasText: answer })).toBeVisible();
    await expect(page.getByTestId('thread-message').filter({ hasText: question })).toBeVisible();
  });

  test(`a driver reports a listing and staff ${lng === 'en' ? 'deactivate' : 'dismiss'} it from the queue (${width}px, ${lng})`, async ({
    page,
    browser,
    newAccount,
    staffRequest,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 800 });
    await chooseLanguage(page, lng);
    // A listing of a fresh owner (not a demo listing other tests rely on).
    const ownerPage = await otherPage(browser, width);
    const title = `Reported plate ${lng}${width} ${Date.now() % 100000}`;
    await newAccount(ownerPage, { prefix: 'reported-owner', name: 'Rita Owner' });
    const listingId = await publishPlate(ownerPage, staffRequest, title);
    await ownerPage.context().close();

    await newAccount(page, { prefix: 'reporter', name: 'Rex Reporter' });
    await openSettled(page, `/listing/${listingId}`);
    await page.getByRole('button', { name: t.report }).click();
    const dialog = page.getByRole('dialog', { name: t.reportDialog });
    await expect(dialog).toBeVisible();
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    // "Other" needs details.
    await dialog.getByLabel(t.other, { exact: true }).check();
    await expect(dialog.getByLabel(t.detailsRequired)).toBeVisible();
    await dialog.getByRole('button', { name: t.sendReport }).click();
    await expect(dialog.getByText(t.detailsMissing)).toBeVisible();
    await dialog.getByLabel(t.scam).check();
    await dialog.getByLabel(/Details|Подробности/).fill('Asks for a $300 deposit by Zelle before showing the plate.');
    await dialog.getByRole('button', { name: t.sendReport }).click();
    await expect(dialog.getByText(t.thanks)).toBeVisible();
    await dialog.getByRole('button', { name: t.done }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(t.thanks)).toBeVisible();

    // A second report (another tab of the same user) says so, not an error page.
    await page.reload();
    await openSettled(page, `/listing/${listingId}`);
    await page.getByRole('button', { name: t.report }).click();
    await page.getByRole('dialog').getByLabel(t.scam).check();
    await page.getByRole('dialog').getByRole('button', { name: t.sendReport }).click();
    await expect(page.getByRole('dialog').getByText(t.already)).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: t.done }).click();

    // Staff see it in the queue, grouped with its reason, and decide.
    const staff = await otherPage(browser, width);
    await chooseLanguage(staff, lng);
    await signIn(staff, STAFF);
    await openSettled(staff, '/admin/reports');
    await expect(staff.getByRole('heading', { level: 1, name: t.queue })).toBeVisible();
    const group = staff.getByTestId('reported-listing').filter({ hasText: title });
    await expect(group.getByText(t.scam).first()).toBeVisible();
    await expect(group.getByRole('link', { name: title })).toHaveAttribute('href', `/listing/${listingId}`);
    expect(await axeProblems(staff, 'main')).toEqual([]);
    expect(await sideways(staff)).toBe(0);
    if (lng === 'en') {
      await group.getByRole('button', { name: t.deactivate }).click();
      await expect(group).toHaveCount(0);
      // Gone from the marketplace: the listing page is "not found" for others.
      const res = await page.request.get(`/api/listing/${listingId}`);
      expect(res.status()).toBe(404);
    } else {
      await group.getByRole('button', { name: t.dismiss }).click();
      await expect(group).toHaveCount(0);
      expect((await page.request.get(`/api/listing/${listingId}`)).status()).toBe(200);
    }
    await staff.context().close();
  });
}
