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
          body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again later.' }),
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
  const marker = `Mailbox check ${Date.now()}`;
  const res = await request.post('/api/contact-us', { data: { name: 'Mailbox Test', email: 'mb@example.com', message: marker } });
  expect(res.status()).toBe(200);
  await openInEnglish(page, '/dev/mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Dev mailbox' })).toBeVisible();
  const first = page.locator('ol > li').first();
  await expect(first).toContainText('Contact form: Mailbox Test');
  await expect(first).toContainText(marker);
  await expect(first).toContainText('support@medallion.example');
});
