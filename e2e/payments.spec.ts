import { chooseLanguage, expect, hydrated, openInEnglish, test, WIDTHS } from './fixtures';

// A card holder is a fresh account (the newDriver fixture), deleted after the test.
test.use({ driverProfile: { prefix: 'cards', name: 'Card Holder', password: 'Cards2024' } });

const nextYear = String(new Date().getFullYear() + 3);

for (const width of WIDTHS) {
  test.describe(`saved cards at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('add a 4242 card in the dashboard; a 0002 card is declined', async ({ page, newDriver: _holder }) => {
      await openInEnglish(page, '/dashboard');
      const methods = page.getByRole('region', { name: 'Payment methods' });
      await expect(methods.getByText('No payment methods yet.')).toBeVisible();

      await methods.getByRole('button', { name: 'Add payment method' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a card' });
      await expect(dialog.getByText('Test mode.')).toBeVisible();
      await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
      await dialog.getByLabel('Month (MM)').fill('12');
      await dialog.getByLabel('Year (YYYY)').fill(nextYear);
      await dialog.getByLabel('CVC').fill('123');
      await dialog.getByRole('button', { name: 'Save card' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');

      await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
      await dialog.getByRole('button', { name: 'Save card' }).click();
      await expect(page).toHaveURL('/dashboard');
      await expect(page.getByText('Your card has been saved.')).toBeVisible();
      await expect(methods.getByText('Visa •••• 4242')).toBeVisible();
      await expect(methods.getByText(`Expires 12/${nextYear}`)).toBeVisible();
      await expect(methods.getByText('No payment methods yet.')).toHaveCount(0);
    });
  });
}

test('in Russian, the card errors of the server are in Russian too', async ({ page, newDriver: _holder }) => {
  await chooseLanguage(page, 'ru');
  await page.goto('/dashboard');
  await hydrated(page);
  await page.getByRole('region', { name: 'Способы оплаты' }).getByRole('button', { name: 'Добавить способ оплаты' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить карту' });
  await dialog.getByLabel('Месяц (ММ)').fill('12');
  await dialog.getByLabel('Год (ГГГГ)').fill(nextYear);
  await dialog.getByLabel('CVC').fill('123');
  for (const [number, message] of [
    ['4000 0000 0000 0002', 'Карта отклонена.'],
    ['4000 0000 0000 0069', 'Срок действия карты истёк.'],
    ['4000 0000 0000 0127', 'Неверный код безопасности карты (CVC).'],
    ['4242 4242 4242 4241', 'Неверный номер карты.'],
  ]) {
    await dialog.getByLabel('Номер карты').fill(number!);
    await dialog.getByRole('button', { name: 'Сохранить карту' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(message!);
  }
});

test.describe('/success-setup-intent', () => {
  for (const [from, target] of [
    ['dashboard', '/dashboard'],
    // The listing checkout carries its listing in the address (a reload or a sign-in comes back to it).
    ['listing-checkout&listingId=abc123', '/checkout?listingId=abc123'],
    ['cart', '/cart'],
    ['exam-checkout', '/exam-checkout'],
    ['something-else', '/'],
  ] as const) {
    test(`from=${from} goes to ${target}`, async ({ page, newDriver: _holder }) => {
      await openInEnglish(page, '/');
      await page.goto(`/success-setup-intent?from=${from}`);
      await expect(page).toHaveURL(target);
    });
  }
});
