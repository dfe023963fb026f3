import { expect, test, type Page } from '@playwright/test';
import { openInEnglish, WIDTHS } from './fixtures';

async function contactForm(page: Page) {
  await openInEnglish(page, '/terms');
  await page.locator('#contact').scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Contact us' });
  await expect(form.getByLabel('Name')).toBeVisible();
  return form;
}

for (const width of WIDTHS) {
  test.describe(`contact form at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('shows an error under each field that is wrong', async ({ page }) => {
      const form = await contactForm(page);
      await form.getByRole('button', { name: 'Send message' }).click();
      await expect(form.getByText('Please enter your name.')).toBeVisible();
      await expect(form.getByText('Please enter your e-mail.')).toBeVisible();
      await expect(form.getByText('Please enter your message.')).toBeVisible();
      await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

      await form.getByLabel('Name').fill('A');
      await form.getByLabel('E-mail').fill('not-an-email');
      await form.getByRole('button', { name: 'Send message' }).click();
      await expect(form.getByText('Name must be at least 2 characters.')).toBeVisible();
      await expect(form.getByText('Please enter a valid e-mail address.')).toBeVisible();
    });

    test('sends the message, clears the fields and e-mails support', async ({ page, request }) => {
      const form = await contactForm(page);
      const marker = `Question ${width}-${Date.now()}`;
      await form.getByLabel('Name').fill('Dmitri Ivanov');
      await form.getByLabel('E-mail').fill('dmitri@example.com');
      await form.getByLabel('Message').fill(`${marker}: how long does the TLC exam take?`);
      await form.getByRole('button', { name: 'Send message' }).click();
      await expect(form.getByText('Thank you for your question. Our team will reach out to you soon.')).toBeVisible();
      await expect(form.getByLabel('Name')).toHaveValue('');
      await expect(form.getByLabel('E-mail')).toHaveValue('');
      await expect(form.getByLabel('Message')).toHaveValue('');

      const mail = await (await request.get('/api/dev/mail')).json();
      const sent = mail.data.find((m: { text: string }) => m.text.includes(marker));
      expect(sent).toMatchObject({ to: 'support@medallion.example', subject: 'Contact form: Dmitri Ivanov' });
    });

    test('shows the server error text below the form when sending fails', async ({ page }) => {
      const form = await contactForm(page);
      await page.route('**/api/contact-us', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 'SERVICE_UNAVAILABLE',
            key: 'error.serviceUnavailable',
            message: 'The service is temporarily unavailable. Please try again later.',
          }),
        }),
      );
      await form.getByLabel('Name').fill('Dmitri');
      await form.getByLabel('E-mail').fill('dmitri@example.com');
      await form.getByLabel('Message').fill('Hello');
      await form.getByRole('button', { name: 'Send message' }).click();
      await expect(form.getByRole('alert')).toHaveText('The service is temporarily unavailable. Please try again later.');
      // Nothing the user typed is lost, and the button is usable again.
      await expect(form.getByLabel('Message')).toHaveValue('Hello');
      await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
    });
  });
}

test('the dev mailbox page lists sent messages, newest first', async ({ page, request }) => {
  // Other tests send mail in parallel, so look for our two messages and compare their places.
  const stamp = Date.now();
  for (const which of ['older', 'newer']) {
    const res = await request.post('/api/contact-us', {
      data: { name: 'Mailbox Test', email: 'mb@example.com', message: `Mailbox check ${stamp} ${which}` },
    });
    // The second message is sent only after the first one's answer, so it is stored later (no wait needed).
    expect(res.status()).toBe(200);
  }
  await openInEnglish(page, '/dev/mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Dev mailbox' })).toBeVisible();
  const items = page.locator('ol > li');
  const newer = items.filter({ hasText: `Mailbox check ${stamp} newer` });
  await expect(newer).toContainText('Contact form: Mailbox Test');
  await expect(newer).toContainText('support@medallion.example');
  const texts = await items.allInnerTexts();
  const place = (which: string) => texts.findIndex((t) => t.includes(`Mailbox check ${stamp} ${which}`));
  expect(place('newer')).toBeGreaterThanOrEqual(0);
  expect(place('newer')).toBeLessThan(place('older'));
});
