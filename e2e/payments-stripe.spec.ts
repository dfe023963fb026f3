// Stripe mode of "Add a card": the second app server runs with Stripe keys against a local fake of
// Stripe (e2e/fake-stripe-server.ts), whose fake Stripe.js draws the card fields in its own frame
// and confirms the setup with the publishable key, as Stripe.js does.
import type { Page } from '@playwright/test';
import { expect, openInEnglish, test, WIDTHS } from './fixtures';
import { FAKE_STRIPE_JS_URL, STRIPE_APP_URL } from './stripe-mode';

// A card holder is a fresh account (the newDriver fixture) of the Stripe-mode app, deleted after the test.
test.use({ baseURL: STRIPE_APP_URL, driverProfile: { prefix: 'stripe-cards', name: 'Stripe Holder', password: 'Cards2024' } });

const year = new Date().getFullYear() + 3;

function cardDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Add a card' });
}

/** Types into Stripe's card frame (the fields Stripe.js draws are labelled like these). */
async function fillStripeCard(page: Page, number: string) {
  const frame = cardDialog(page).frameLocator('iframe[title="Secure card payment input frame"]');
  await frame.getByLabel('Credit or debit card number').fill(number);
  await frame.getByLabel('Credit or debit card expiration date').fill(`12${String(year).slice(-2)}`);
  await frame.getByLabel('Credit or debit card CVC/CVV').fill('123');
}

/** Content-Security-Policy refusals reported by the browser (the page must allow Stripe.js's origin). */
function watchCsp(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

for (const width of WIDTHS) {
  test.describe(`Stripe card form at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a 0002 card is declined inline; 4242 is saved with Stripe and listed with its expiry', async ({ page, newDriver: _holder }) => {
      const csp = watchCsp(page);
      await openInEnglish(page, '/dashboard');
      const methods = page.getByRole('region', { name: 'Payment methods' });
      await expect(methods.getByText('No payment methods yet.')).toBeVisible();

      await methods.getByRole('button', { name: 'Add payment method' }).click();
      const dialog = cardDialog(page);
      await expect(dialog.getByRole('group', { name: 'Card details' })).toBeVisible();
      await expect(dialog.getByText('Test mode.')).toHaveCount(0);
      const save = dialog.getByRole('button', { name: 'Save card' });
      await expect(save).toBeEnabled();

      // Stripe.js checks the fields first; its message shows under the field.
      await save.click();
      await expect(dialog.getByRole('alert')).toHaveText('Your card number is incomplete.');

      await fillStripeCard(page, '4000 0000 0000 0002');
      await save.click();
      await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');
      await expect(save).toBeEnabled();

      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      });
      await fillStripeCard(page, '4242 4242 4242 4242');
      await save.click();
      // The page was already on /dashboard: wait for the trip through /success-setup-intent first.
      await expect.poll(() => visited).toContain(`${STRIPE_APP_URL}/success-setup-intent?from=dashboard`);
      await expect(page).toHaveURL('/dashboard');
      await expect(page.getByText('Your card has been saved.')).toBeVisible();
      await expect(methods.getByText('Visa •••• 4242')).toBeVisible();
      await expect(methods.getByText(`Expires 12/${year}`)).toBeVisible();
      await expect(methods.getByText('No payment methods yet.')).toHaveCount(0);
      expect(csp).toEqual([]);
    });
  });
}

test('when Stripe.js cannot load, the form says so, and Try again loads it', async ({ page, newDriver: _holder }) => {
  await page.route(FAKE_STRIPE_JS_URL, (route) => route.abort('internetdisconnected'));
  await openInEnglish(page, '/dashboard');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  const dialog = cardDialog(page);
  await expect(dialog.getByRole('alert')).toContainText('The secure card form could not load. Check your internet connection and try again.');
  await expect(dialog.getByRole('button', { name: 'Save card' })).toHaveCount(0);

  await page.unroute(FAKE_STRIPE_JS_URL);
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('group', { name: 'Card details' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save card' })).toBeEnabled();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('the exam is paid with a card saved through Stripe; a 9995 card shows insufficient funds', async ({ page, newDriver: _holder }) => {
  await openInEnglish(page, '/exam-checkout');
  await expect(page.getByTestId('exam-total')).toHaveText('$20.00');

  for (const number of ['4000 0000 0000 9995', '4242 4242 4242 4242']) {
    await page.getByRole('button', { name: 'Add payment method' }).click();
    await expect(cardDialog(page).getByRole('button', { name: 'Save card' })).toBeEnabled();
    await fillStripeCard(page, number);
    await cardDialog(page).getByRole('button', { name: 'Save card' }).click();
    await expect(page).toHaveURL('/exam-checkout');
    await expect(page.getByRole('radio', { name: new RegExp(`•••• ${number.slice(-4)}`) })).toBeVisible();
  }

  await page.getByRole('radio', { name: /Visa •••• 9995/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card has insufficient funds.');

  await page.getByRole('radio', { name: /Visa •••• 4242/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
});
