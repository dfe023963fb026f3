import type { Page } from '@playwright/test';
import { chooseLanguage, expect, expectAccessible, hydrated, openSettled, test, WIDTH_LANG_PAIRS } from './fixtures';

/** What the user reads, per language. */
const TEXT = {
  en: {
    save: 'Save listing',
    remove: 'Remove from saved',
    tab: 'Saved listings',
    emptyListings: 'No saved listings yet.',
    saveSearch: 'Save this search',
    dialog: 'Save this search',
    name: 'Name',
    submit: 'Save search',
    cars: 'Cars',
    alerts: 'E-mail alerts',
    open: 'Open the search',
    deleteSearch: 'Delete the saved search',
    emptySearches: 'No saved searches yet.',
    unsubscribed: 'E-mail alerts turned off',
    invalid: 'This link is not valid',
    signIn: 'Sign in',
    signInSubmit: 'Sign in',
    email: 'E-mail',
    password: 'Password',
    message: 'Your message',
  },
  ru: {
    save: 'Сохранить объявление',
    remove: 'Убрать из сохранённых',
    tab: 'Избранное',
    emptyListings: 'Сохранённых объявлений пока нет.',
    saveSearch: 'Сохранить поиск',
    dialog: 'Сохранить поиск',
    name: 'Название',
    submit: 'Сохранить поиск',
    cars: 'Автомобили',
    alerts: 'Оповещения по e-mail',
    open: 'Открыть поиск',
    deleteSearch: 'Удалить сохранённый поиск',
    emptySearches: 'Сохранённых поисков пока нет.',
    unsubscribed: 'Оповещения по e-mail отключены',
    invalid: 'Ссылка недействительна',
    signIn: 'Вход',
    signInSubmit: 'Войти',
    email: 'Эл. почта',
    password: 'Пароль',
    message: 'Ваше сообщение',
  },
} as const;

const savedCall = (method: string) => (r: { url(): string; request(): { method(): string } }) =>
  r.url().includes('/api/saved-listings/') && r.request().method() === method;

async function openFavorites(page: Page) {
  await openSettled(page, '/dashboard?tab=favorites');
}

/**
 * An ACTIVE demo listing (its contact address is one of the seed's, at .example): never one a parallel
 * test made, which may leave the marketplace while this test runs.
 */
async function aDemoListing(page: Page): Promise<{ listing_id: string; title: string }> {
  const found = (await (await page.request.get('/api/listing-all?page_size=100')).json()) as {
    data: { listings: { listing_id: string; title: string | null; email: string | null }[] };
  };
  const listing = found.data.listings.find((l) => l.title && l.email?.endsWith('.example'));
  if (!listing) throw new Error('no demo listing in the marketplace');
  return { listing_id: listing.listing_id, title: listing.title! };
}

/** Fills /login's sign-in form. */
async function signInWithForm(page: Page, lng: 'en' | 'ru', account: { email: string; password: string }) {
  const t = TEXT[lng];
  const form = page.getByRole('form', { name: t.signIn });
  await form.getByLabel(t.email).fill(account.email);
  await form.getByLabel(t.password, { exact: true }).fill(account.password);
  await form.getByRole('button', { name: t.signInSubmit, exact: true }).click();
}

for (const [width, lng] of WIDTH_LANG_PAIRS) {
  const t = TEXT[lng];

  test.describe(`saved listings and searches at ${width}px (${lng})`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('hearts a listing on the marketplace, finds it in the dashboard tab, and removes it there', async ({ page, newDriver }) => {
      void newDriver;
      await chooseLanguage(page, lng);
      // Listings for sale: the seed's only (tests publish rentals, which other tests send back to review
      // or delete while this one runs, so the first card of all could leave the page under it).
      await openSettled(page, '/marketplace?deal_type=sale');
      const card = page.getByTestId('listing-card').first();
      const title = (await card.getByRole('heading', { level: 3 }).innerText()).trim();
      const heart = card.getByRole('button', { name: t.save, exact: true });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      const saved = page.waitForResponse(savedCall('PUT'));
      await heart.click();
      // At once (optimistic), and the server agrees.
      const pressed = card.getByRole('button', { name: t.remove, exact: true });
      await expect(pressed).toHaveAttribute('aria-pressed', 'true');
      expect((await saved).status()).toBe(200);
      await expectAccessible(page);

      await openFavorites(page);
      await expect(page.getByRole('tab', { name: t.tab })).toHaveAttribute('aria-selected', 'true');
      const list = page.getByTestId('saved-listings');
      const savedCard = list.getByTestId('listing-card').filter({ hasText: title });
      await expect(savedCard).toBeVisible();
      await expectAccessible(page);

      const removed = page.waitForResponse(savedCall('DELETE'));
      await savedCard.getByRole('button', { name: t.remove, exact: true }).click();
      expect((await removed).status()).toBe(200);
      await expect(page.getByText(t.emptyListings)).toBeVisible();
    });

    test("the heart on a listing's page: a guest signs in and comes back, saves it, finds it in the dashboard and unsaves it", async ({
      page,
      request,
      newAccount,
    }) => {
      // An account made in a request context of its own: the page stays signed out.
      const account = await newAccount(request);
      await chooseLanguage(page, lng);
      const { listing_id: id, title } = await aDemoListing(page);
      const path = `/listing/${id}`;
      await openSettled(page, path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

      // A guest is led to sign in, and back to the listing.
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
      await hydrated(page);
      await signInWithForm(page, lng, account);
      await expect(page).toHaveURL(path);
      // Signed in now: the page offers the message form (so the heart knows the session too).
      await expect(page.getByLabel(t.message)).toBeVisible();
      const heart = page.getByRole('button', { name: t.save, exact: true });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');

      const saved = page.waitForResponse(savedCall('PUT'));
      await heart.click();
      const pressed = page.getByRole('button', { name: t.remove, exact: true });
      await expect(pressed).toHaveAttribute('aria-pressed', 'true');
      expect((await saved).status()).toBe(200);
      await expectAccessible(page);
      // The server keeps it.
      await page.reload();
      await hydrated(page);
      await expect(pressed).toHaveAttribute('aria-pressed', 'true');

      await openFavorites(page);
      await expect(page.getByRole('tab', { name: t.tab })).toHaveAttribute('aria-selected', 'true');
      const savedCard = page.getByTestId('saved-listings').getByTestId('listing-card').filter({ hasText: title });
      await expect(savedCard).toBeVisible();

      // Back to its page from the dashboard, and unsaved there.
      await savedCard.getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const removed = page.waitForResponse(savedCall('DELETE'));
      await pressed.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      expect((await removed).status()).toBe(200);

      await openFavorites(page);
      await expect(page.getByText(t.emptyListings)).toBeVisible();
    });

    test('saves the current search, lists it in the dashboard, turns its alerts off and opens it', async ({ page, newDriver }) => {
      void newDriver;
      await chooseLanguage(page, lng);
      // Prices filter once a deal type is chosen (they compare within one period).
      await openSettled(page, '/marketplace?category=cars&deal_type=rent&price_max=5000');
      await page.getByRole('button', { name: t.saveSearch }).click();
      const dialog = page.getByRole('dialog', { name: t.dialog });
      await expect(dialog).toBeVisible();
      const name = dialog.getByLabel(t.name);
      await expect(name).toHaveValue(new RegExp(`^${t.cars} · `));
      await expectAccessible(page);
      await name.fill(`${t.cars} ≤ 5000`);
      const created = page.waitForResponse((r) => r.url().endsWith('/api/saved-searches') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: t.submit }).click();
      expect((await created).status()).toBe(200);
      await expect(dialog).toBeHidden();

      await openFavorites(page);
      const item = page
        .getByTestId('saved-searches')
        .getByRole('listitem')
        .filter({ hasText: `${t.cars} ≤ 5000` });
      await expect(item).toBeVisible();
      await expectAccessible(page);
      const alerts = item.getByRole('switch', { name: t.alerts });
      await expect(alerts).toBeChecked();
      const patched = page.waitForResponse((r) => r.url().includes('/api/saved-searches/') && r.request().method() === 'PATCH');
      await alerts.click();
      expect((await patched).status()).toBe(200);
      await expect(alerts).not.toBeChecked();
      // Still off after a reload (the server's answer).
      await page.reload();
      await hydrated(page);
      await expect(page.getByTestId('saved-searches').getByRole('switch', { name: t.alerts })).not.toBeChecked();

      await page
        .getByTestId('saved-searches')
        .getByRole('link', { name: new RegExp(t.open) })
        .click();
      await expect(page).toHaveURL(/\/marketplace\?/);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ category: 'cars', deal_type: 'rent', price_max: '5000' });

      // And delete it.
      await openFavorites(page);
      const deleted = page.waitForResponse((r) => r.url().includes('/api/saved-searches/') && r.request().method() === 'DELETE');
      await page
        .getByTestId('saved-searches')
        .getByRole('button', { name: new RegExp(t.deleteSearch) })
        .click();
      expect((await deleted).status()).toBe(200);
      await expect(page.getByText(t.emptySearches)).toBeVisible();
    });
  });
}

test('a guest who presses the heart is sent to sign in and back', async ({ page }) => {
  await chooseLanguage(page, 'en');
  await openSettled(page, '/marketplace');
  await page.getByTestId('listing-card').first().getByRole('button', { name: 'Save listing', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmarketplace$/);
});

for (const [width, lng] of WIDTH_LANG_PAIRS) {
  test(`the daily digest arrives in the dev mailbox and its unsubscribe link works (${width}px, ${lng})`, async ({ page, newDriver }) => {
    const t = TEXT[lng];
    await page.setViewportSize({ width, height: 900 });
    await chooseLanguage(page, lng);
    const created = await page.request.post('/api/saved-searches', {
      data: { name: `Digest ${lng}`, filters: { category: 'cars' } },
      headers: { 'accept-language': lng },
    });
    expect(created.status()).toBe(200);
    // Development trigger: the search's last digest moves back (so the demo's listings count as new), then a round runs.
    const round = await page.request.post('/api/dev/saved-search-digest', { data: { rewind_days: 3650 } });
    expect(round.status()).toBe(200);

    let text = '';
    await expect
      .poll(
        async () => {
          const { data } = (await (await page.request.get('/api/dev/mail')).json()) as { data: { to: string; subject: string; text: string }[] };
          text = data.find((m) => m.to === newDriver.email && m.text.includes('/unsubscribe?token='))?.text ?? '';
          // One round runs at a time (a lease): while another test's round, or the server's own, holds
          // it, this one did nothing; the search stays due, so the next round sends it.
          if (!text) expect((await page.request.post('/api/dev/saved-search-digest', { data: {} })).status()).toBe(200);
          return text;
        },
        { message: `a digest for ${newDriver.email}` },
      )
      .toContain(`Digest ${lng}`);
    expect(text).toContain('/listing/');
    expect(text).toContain(lng === 'ru' ? 'Здравствуйте' : 'Hello');

    const link = new URL(text.match(/https?:\/\/\S+\/unsubscribe\?token=[\w-]+/)![0]);
    const response = await page.goto(link.pathname + link.search);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: t.unsubscribed })).toBeVisible();
    await expect(page.getByTestId('unsubscribed-searches')).toContainText(`Digest ${lng}`);
    await hydrated(page);
    await expectAccessible(page);

    await openSettled(page, '/dashboard?tab=favorites');
    await expect(page.getByTestId('saved-searches').getByRole('switch', { name: t.alerts })).not.toBeChecked();

    const wrong = await page.goto('/unsubscribe?token=not-a-real-token-at-all');
    expect(wrong?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: t.invalid })).toBeVisible();
  });
}
