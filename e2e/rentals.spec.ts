import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  appText,
  axeProblems,
  chooseLanguage,
  expect,
  nyDay,
  openSettled,
  otherPage,
  saveCardByApi,
  saveRentalCarDraft,
  shot,
  sideways,
  STAFF,
  test,
  WIDTH_LANG_PAIRS,
} from './fixtures';

/*
 * Issue #32, renting a car: the owner's all-in cost label on the listing page, a driver's request, the
 * owner's approval, and the rental agreement accepted by both (electronic-records consent and a typed
 * name), at 375 px in Russian and 1280 px in English, axe clean.
 */

const TEXT = {
  en: {
    label: 'All-in cost label',
    weeklyCost: 'Weekly cost',
    never: 'Tolls, tickets, fuel or charging',
    rentTitle: 'Rent this car',
    start: 'Start date',
    weeks: 'Weeks',
    license: 'TLC license number',
    expiry: 'TLC license expiry date',
    message: 'Message to the owner (optional)',
    send: 'Send request',
    sent: 'Your request was sent. The owner has 48 hours to answer.',
    pastDate: 'The start date cannot be in the past.',
    tab: 'My rentals',
    approve: 'Approve',
    consent: 'I agree to use electronic records and signatures for this rental, as described above.',
    name: 'Your full name (your signature)',
    accept: 'Accept the agreement',
    consentMissing: 'Agree to use electronic records and signatures first.',
    awaitingAgreement: 'Agreement to accept',
    awaitingPickup: 'Waiting for pick-up',
    download: 'Rental agreement (PDF)',
    handoverLink: 'Hand-over photos and damage claim',
    pickupSet: 'Your pick-up photos',
    returnSet: 'Your return photos',
    slots: ['Front', 'Rear', 'Left side', 'Right side', 'Interior', 'Odometer', 'Fuel or charge gauge'],
    odometer: 'Odometer (miles)',
    fuel: 'Fuel or charge level (%)',
    sendPickup: 'Send the pick-up photos',
    sendReturn: 'Send the return photos',
    active: 'Active',
    paymentFailed: 'Payment failed',
    returned: 'Returned',
    claimForm: 'Claim damage on the deposit',
    claimAmount: 'Amount claimed (dollars)',
    claimDescription: 'What was damaged',
    claimPhotos: 'Photos of the damage (1 to 6)',
    claimSubmit: 'Send the claim',
    claimAboveDeposit: 'A claim can be at most the deposit, $500.',
    answerForm: 'Your answer to the claim',
    answerNote: 'Your note (optional)',
    dispute: 'Dispute the claim',
    disputedStatus: 'Claim disputed: staff will decide',
    decisionAmount: 'Amount kept from the deposit (dollars)',
    decide: 'Decide',
    closedStatus: 'Closed: the deposit is settled',
    withheld: 'Kept from the deposit: $150',
    payPickup: 'Pay deposit and first week',
    payButton: /^Pay \$950\.00$/,
    pickupPaid: 'Deposit and first week paid',
    payments: 'Payments',
    week2: 'Week 2',
    week3: 'Week 3',
    declined: 'Declined · next try',
    paid: 'Paid',
    payWeek2: 'Pay week 2',
    weekPayTitle: 'Pay the rent for week 2',
    depositRefund: 'Deposit refund',
    refunded: 'Refunded',
  },
  ru: {
    label: 'Полная стоимость аренды',
    weeklyCost: 'Стоимость в неделю',
    never: 'Платные дороги, штрафы, топливо или зарядка',
    rentTitle: 'Арендовать машину',
    start: 'Дата начала',
    weeks: 'Недель',
    license: 'Номер лицензии TLC',
    expiry: 'Дата окончания лицензии TLC',
    message: 'Сообщение владельцу (необязательно)',
    send: 'Отправить запрос',
    sent: 'Запрос отправлен. У владельца 48 часов на ответ.',
    pastDate: 'Дата начала не может быть в прошлом.',
    tab: 'Мои аренды',
    approve: 'Одобрить',
    consent: 'Я согласен(на) на электронные документы и подписи для этой аренды, как описано выше.',
    name: 'Ваше полное имя (ваша подпись)',
    accept: 'Принять договор',
    consentMissing: 'Сначала согласитесь на электронные документы и подписи.',
    awaitingAgreement: 'Нужно принять договор',
    awaitingPickup: 'Ждёт передачи',
    download: 'Договор аренды (PDF)',
    handoverLink: 'Фото передачи машины и претензия',
    pickupSet: 'Ваши фото получения',
    returnSet: 'Ваши фото возврата',
    slots: ['Спереди', 'Сзади', 'Левый бок', 'Правый бок', 'Салон', 'Одометр', 'Указатель топлива или заряда'],
    odometer: 'Одометр (мили)',
    fuel: 'Уровень топлива или заряда (%)',
    sendPickup: 'Отправить фото получения',
    sendReturn: 'Отправить фото возврата',
    active: 'Активна',
    paymentFailed: 'Платёж не прошёл',
    returned: 'Возвращена',
    claimForm: 'Заявить о повреждениях',
    claimAmount: 'Сумма претензии (доллары)',
    claimDescription: 'Что повреждено',
    claimPhotos: 'Фото повреждений (от 1 до 6)',
    claimSubmit: 'Отправить претензию',
    claimAboveDeposit: 'Претензия не может быть больше залога',
    answerForm: 'Ваш ответ на претензию',
    answerNote: 'Ваш комментарий (необязательно)',
    dispute: 'Оспорить претензию',
    disputedStatus: 'Претензия оспорена: решат сотрудники',
    decisionAmount: 'Сумма, удерживаемая из залога (доллары)',
    decide: 'Решить',
    closedStatus: 'Закрыта: залог рассчитан',
    withheld: 'Удержано из залога: 150',
    payPickup: 'Оплатить залог и первую неделю',
    payButton: /^Оплатить 950,00\s\$$/,
    pickupPaid: 'Залог и первая неделя оплачены',
    payments: 'Платежи',
    week2: 'Неделя 2',
    week3: 'Неделя 3',
    declined: 'Отклонено · новая попытка',
    paid: 'Оплачено',
    payWeek2: 'Оплатить неделю 2',
    weekPayTitle: 'Оплата аренды: неделя 2',
    depositRefund: 'Возврат залога',
    refunded: 'Возвращено',
  },
} as const;

/** A car for rent of the signed-in account with its cost label, paid for and approved by staff. */
async function publishRentalCar(page: Page, staff: APIRequestContext, title: string): Promise<string> {
  const id = await saveRentalCarDraft(page.request, title);
  const pm = await saveCardByApi(page);
  const paid = await page.request.post('/api/payments/create-payment-intent', { data: { 'user-pm': pm, 'payment-amount': 108, 'listing-id': id } });
  expect(paid.status(), await paid.text()).toBe(200);
  const approved = await staff.post(`/api/admin/listings/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  return id;
}

for (const [width, lng] of WIDTH_LANG_PAIRS) {
  const t = TEXT[lng];

  test(`a car rented through every state: label, request, agreement, pick-up, weeks (one declined, retried), return, disputed claim, deposit (${width}px, ${lng})`, async ({
    page,
    browser,
    newAccount,
    staffRequest,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 800 });
    await chooseLanguage(page, lng);
    const stamp = Date.now() % 100000;
    const driver = await newAccount(page, { prefix: 'rent-driver', name: `Dmitri ${lng}${width} ${stamp}` });

    const owner = await otherPage(browser, width);
    await chooseLanguage(owner, lng);
    await newAccount(owner, { prefix: 'rent-owner', name: `Olga ${lng}${width} ${stamp}` });
    const title = `Toyota Camry for rent ${lng}${width} ${stamp}`;
    const listingId = await publishRentalCar(owner, staffRequest, title);

    // The driver reads the label on the listing page and asks for the car.
    await openSettled(page, `/listing/${listingId}`);
    const label = page.getByTestId('rental-label');
    await expect(page.getByRole('heading', { name: t.label })).toBeVisible();
    await expect(label.getByText(t.weeklyCost)).toBeVisible();
    await expect(label.getByText(t.never)).toBeVisible();
    const form = page.getByRole('region', { name: t.rentTitle });
    await form.getByLabel(t.start).fill(nyDay(-1));
    await form.getByLabel(t.license).fill('5123456');
    await form.getByLabel(t.expiry).fill(nyDay(700));
    await form.getByRole('button', { name: t.send }).click();
    await expect(form.getByText(t.pastDate)).toBeVisible();
    await form.getByLabel(t.start).fill(nyDay(1));
    await form.getByLabel(t.weeks).fill('3');
    await form.getByLabel(t.message).fill('Five years with Uber, no accidents.');
    await form.getByRole('button', { name: t.send }).click();
    await expect(form.getByText(t.sent)).toBeVisible();
    await shot(page, `listing-${lng}-${width}`);
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect(await sideways(page)).toBe(0);

    // The owner approves it in My rentals and accepts the agreement.
    await openSettled(owner, '/dashboard?tab=rentals');
    await expect(owner.getByRole('tab', { name: t.tab })).toHaveAttribute('aria-selected', 'true');
    const request = owner.getByTestId('rental-request').filter({ hasText: title });
    await expect(request).toBeVisible();
    await shot(owner, `owner-requests-${lng}-${width}`);
    expect(await axeProblems(owner, 'main')).toEqual([]);
    await request.getByRole('button', { name: t.approve }).click();
    const ownerRental = owner.getByTestId('rental').filter({ hasText: title });
    await expect(ownerRental.getByText(t.awaitingAgreement)).toBeVisible();
    // A typed name without the consent is refused, saying what is missing.
    await ownerRental.getByLabel(t.name).fill(`Olga ${lng}${width} ${stamp}`);
    await ownerRental.getByRole('button', { name: t.accept }).click();
    await expect(ownerRental.getByText(t.consentMissing)).toBeVisible();
    await shot(owner, `owner-agreement-${lng}-${width}`);
    await ownerRental.getByLabel(t.consent).check();
    await ownerRental.getByRole('button', { name: t.accept }).click();
    await expect(ownerRental.getByRole('button', { name: t.accept })).toHaveCount(0);
    expect(await axeProblems(owner, 'main')).toEqual([]);
    expect(await sideways(owner)).toBe(0);

    // The driver downloads the agreement, accepts it, and the rental waits for the pick-up.
    await openSettled(page, '/dashboard?tab=rentals');
    const rental = page.getByTestId('rental').filter({ hasText: title });
    const href = await rental.getByRole('link', { name: t.download }).getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await owner.request.get(href!)).status()).toBe(200);
    expect((await staffRequest.get(href!)).status()).toBe(404);
    await rental.getByLabel(t.consent).check();
    await rental.getByLabel(t.name).fill(driver.name);
    await rental.getByRole('button', { name: t.accept }).click();
    await expect(rental.getByText(t.awaitingPickup)).toBeVisible();
    await shot(page, `driver-rentals-${lng}-${width}`);
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect(await sideways(page)).toBe(0);
    const rentalId = new URL(href!, 'http://x').pathname.split('/')[3]!;

    // The pick-up: the deposit and week 1 paid on the pay page (the server's amounts), then both sides' photos.
    await openSettled(page, '/dashboard?tab=rentals');
    await page.getByTestId('rental').filter({ hasText: title }).getByRole('link', { name: t.payPickup }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.payPickup })).toBeVisible();
    await shot(page, `driver-pay-${lng}-${width}`);
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect(await sideways(page)).toBe(0);
    // No card yet: Pay says so; a card added here comes back to this page, chosen.
    await page.getByRole('button', { name: t.payButton }).click();
    await expect(page.getByRole('alert')).toHaveText(appText(lng, 'rentalPayments', 'cardRequired'));
    await page.getByRole('button', { name: appText(lng, 'payments', 'add') }).click();
    const dialog = page.getByRole('dialog', { name: appText(lng, 'payments', 'form.title') });
    await dialog.getByLabel(appText(lng, 'payments', 'form.number')).fill('4242 4242 4242 4242');
    await dialog.getByLabel(appText(lng, 'payments', 'form.month')).fill('12');
    await dialog.getByLabel(appText(lng, 'payments', 'form.year')).fill(String(new Date().getFullYear() + 3));
    await dialog.getByLabel(appText(lng, 'payments', 'form.cvc')).fill('123');
    await dialog.getByRole('button', { name: appText(lng, 'payments', 'form.save') }).click();
    await expect(page).toHaveURL(new RegExp(`/rentals/${rentalId}/pay$`));
    await expect(page.getByRole('radio', { name: /4242/ })).toBeChecked();
    await page.getByRole('button', { name: t.payButton }).click();
    await expect(page.getByRole('heading', { name: t.pickupPaid })).toBeVisible();
    // Paid once: the pay page says so; the owner sees the payments and what is due to them.
    await openSettled(page, `/rentals/${rentalId}/pay`);
    await expect(page.getByText(appText(lng, 'rentalPayments', 'pickup.alreadyPaid'))).toBeVisible();
    await openSettled(owner, '/dashboard?tab=rentals');
    const ownerPayments = owner.getByTestId('rental').filter({ hasText: title }).getByTestId('rental-charges');
    await expect(ownerPayments.getByRole('listitem').filter({ hasText: appText(lng, 'rentalPayments', 'charges.deposit') })).toContainText(t.paid);
    await expect(owner.getByTestId('owner-payouts')).toBeVisible();
    await sendHandoverSet(owner, rentalId, t, 'pickup');
    await sendHandoverSet(page, rentalId, t, 'pickup');
    await expect(page.getByTestId('rental-status')).toContainText(lng === 'en' ? 'Active' : 'Идёт аренда');

    // Week 1: the card declines (insufficient funds); the next day's retry goes through. Week 2: charged.
    await hook(staffRequest, `${rentalId}/card`, { behaviour: 'insufficient_funds' });
    await hook(staffRequest, `${rentalId}/rewind`, { days: 8 });
    await openSettled(page, '/dashboard?tab=rentals');
    const myRental = page.getByTestId('rental').filter({ hasText: title });
    await expect(myRental.getByText(t.paymentFailed)).toBeVisible();
    const week2 = myRental.getByTestId('rental-charges').getByRole('listitem').filter({ hasText: t.week2 });
    await expect(week2).toContainText(t.declined);
    await shot(page, `driver-declined-${lng}-${width}`);
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect(await sideways(page)).toBe(0);
    expect(await mailsTo(page.request, driver.email, /declined|отклон/i)).toBeGreaterThan(0);
    // The e-mail's link: the week's own pay page says why and what happens next.
    await week2.getByRole('link', { name: t.payWeek2 }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.weekPayTitle })).toBeVisible();
    await expect(page.getByTestId('week-why')).toBeVisible();
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect(await sideways(page)).toBe(0);
    await hook(staffRequest, `${rentalId}/card`, { behaviour: 'succeed' });
    await hook(staffRequest, `${rentalId}/rewind`, { days: 1 });
    await hook(staffRequest, `${rentalId}/rewind`, { days: 6 });
    await openSettled(page, '/dashboard?tab=rentals');
    await expect(myRental.getByText(t.active)).toBeVisible();
    for (const week of [t.week2, t.week3])
      await expect(myRental.getByTestId('rental-charges').getByRole('listitem').filter({ hasText: week })).toContainText(t.paid);
    const charges = await chargesOf(page.request, rentalId);
    expect(charges.filter((c) => c.kind === 'week').map((c) => [c.week, c.status])).toEqual([
      [0, 'succeeded'],
      [1, 'succeeded'],
      [2, 'succeeded'],
    ]);

    // The return: both sides' photos end the weekly rent; the owner claims $200 of the $500 deposit.
    await sendHandoverSet(page, rentalId, t, 'return');
    await sendHandoverSet(owner, rentalId, t, 'return');
    await openSettled(owner, `/rentals/${rentalId}/handover`);
    const claimForm = owner.getByRole('form', { name: t.claimForm });
    await claimForm.getByLabel(t.claimAmount).fill('600');
    await claimForm.getByLabel(t.claimDescription).fill('Dent in the rear bumper, 4 inches.');
    await claimForm.getByLabel(t.claimPhotos).setInputFiles([await jpeg('damage.jpg')]);
    await claimForm.getByRole('button', { name: t.claimSubmit }).click();
    await expect(owner.getByText(t.claimAboveDeposit)).toBeVisible();
    await claimForm.getByLabel(t.claimAmount).fill('200');
    await claimForm.getByRole('button', { name: t.claimSubmit }).click();
    await expect(claimForm).toHaveCount(0);
    await shot(owner, `owner-claim-${lng}-${width}`);
    expect(await axeProblems(owner, 'main')).toEqual([]);
    expect(await sideways(owner)).toBe(0);

    // The driver disputes it; staff decide $150; the deposit's remainder, $350, goes back to the card.
    await openSettled(page, `/rentals/${rentalId}/handover`);
    const answer = page.getByRole('form', { name: t.answerForm });
    await answer.getByLabel(t.answerNote).fill('The dent was there at pick-up: see my front photo.');
    await answer.getByRole('button', { name: t.dispute }).click();
    await expect(page.getByTestId('rental-status')).toContainText(t.disputedStatus);
    await shot(page, `driver-dispute-${lng}-${width}`);
    expect(await axeProblems(page, 'main')).toEqual([]);

    const staff = await otherPage(browser, width);
    await chooseLanguage(staff, lng);
    expect((await staff.request.post('/api/auth/sign-in', { data: STAFF })).status()).toBe(200);
    await openSettled(staff, '/admin/rental-claims');
    const decision = staff.getByTestId('disputed-claim').filter({ hasText: title });
    await decision.getByLabel(t.decisionAmount).fill('150');
    await shot(staff, `staff-claims-${lng}-${width}`);
    expect(await axeProblems(staff, 'main')).toEqual([]);
    expect(await sideways(staff)).toBe(0);
    await decision.getByRole('button', { name: t.decide }).click();
    await expect(decision).toHaveCount(0);

    await openSettled(page, `/rentals/${rentalId}/handover`);
    await expect(page.getByTestId('rental-status')).toContainText(t.closedStatus);
    await expect(page.getByText(t.withheld)).toBeVisible();
    const settled = await chargesOf(page.request, rentalId);
    expect(settled.filter((c) => c.kind === 'deposit').map((c) => [c.status, c['refunded-cents']])).toEqual([['succeeded', 35_000]]);
    await openSettled(page, '/dashboard?tab=rentals');
    await expect(myRental.getByTestId('rental-charges').getByRole('listitem').filter({ hasText: t.depositRefund })).toContainText(t.refunded);
    await shot(page, `driver-closed-${lng}-${width}`);
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect(await sideways(page)).toBe(0);
    await staff.context().close();
    await owner.context().close();
  });
}

/** A staff-only test hook of the e2e server (TEST_HOOKS): a rental's days going by, its card declining. */
async function hook(staff: APIRequestContext, path: string, data: object) {
  const res = await staff.post(`/api/test/rentals/${path}`, { data });
  expect(res.status(), await res.text()).toBe(200);
}

/** A small photo, as a phone would upload it. */
async function jpeg(name: string) {
  const buffer = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#4a6fa5' } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** The signed-in party sends its set of seven photos and the two readings on the hand-over page. */
async function sendHandoverSet(page: Page, rentalId: string, t: (typeof TEXT)[keyof typeof TEXT], stage: 'pickup' | 'return') {
  await openSettled(page, `/rentals/${rentalId}/handover`);
  const form = page.getByRole('form', { name: stage === 'pickup' ? t.pickupSet : t.returnSet });
  for (const slot of t.slots) await form.getByLabel(slot, { exact: true }).setInputFiles(await jpeg(`${slot}.jpg`));
  await form.getByLabel(t.odometer).fill(stage === 'pickup' ? '41250' : '43980');
  await form.getByLabel(t.fuel).fill(stage === 'pickup' ? '90' : '75');
  await form.getByRole('button', { name: stage === 'pickup' ? t.sendPickup : t.sendReturn }).click();
  await expect(form).toHaveCount(0);
}

interface Charge {
  kind: string;
  week: number;
  status: string;
  [key: string]: unknown;
}
async function chargesOf(request: APIRequestContext, rentalId: string): Promise<Charge[]> {
  const res = await request.get(`/api/rentals/${rentalId}/charges`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { charges: Charge[] } }).data.charges;
}

/** How many e-mails of the dev mailbox to `email` match `subject`. */
async function mailsTo(request: APIRequestContext, email: string, subject: RegExp): Promise<number> {
  const { data } = (await (await request.get('/api/dev/mail')).json()) as { data: Array<{ to: string; subject: string }> };
  return data.filter((m) => m.to === email && subject.test(m.subject)).length;
}
