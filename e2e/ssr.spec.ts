import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { APP_PORT } from './env';
import { DRIVER } from './fixtures';

/*
 * Server rendering (issue #14): every public page's HTML, as it arrives, already holds the page's
 * content in the visitor's language, its head (title, description, canonical, alternates, preview)
 * and structured data, with the caching headers its privacy allows.
 *
 * The pages are read by a browser WITHOUT JavaScript (`javaScriptEnabled: false`): nothing of the app
 * runs, so whatever the locators find was in the markup the server sent. They look inside
 * `<div id="root">` only, never in the JSON state sent along for hydration (a sibling of #root).
 * Images, fonts and media are not fetched (a busy machine has no time for them, and routing also
 * turns off the HTTP cache, so a page read again is read from the server again).
 *
 * Other tests change data while these run (listings published or paused, products and questions
 * edited), so a comparison with the API asks both again until they agree (`toPass`).
 *
 * Budget: each test reads 1-9 pages without scripts, 1-9 s on a busy 2-core machine; the default
 * 90 s (playwright.config.ts) covers it many times over.
 */

/** The origin the server renders its links with (PUBLIC_URL in playwright.config.ts). */
const ORIGIN = `http://127.0.0.1:${APP_PORT}`;

type Lang = 'en' | 'ru';
type Texts = Record<string, unknown>;

/** The app's own texts (apps/web/src/locales/{lang}/{namespace}.json). */
function texts(lang: Lang, namespace: string): Texts {
  return JSON.parse(readFileSync(join(process.cwd(), 'apps/web/src/locales', lang, `${namespace}.json`), 'utf8')) as Texts;
}

/** A text by its dotted key, with i18next's {{placeholders}} filled. */
function tx(lang: Lang, namespace: string, key: string, values: Record<string, string | number> = {}): string {
  let value: unknown = texts(lang, namespace);
  for (const part of key.split('.')) value = (value as Texts)[part];
  if (typeof value !== 'string') throw new Error(`no text ${lang}/${namespace}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** A path with `name=value` set in its query (kept in order, as the app's own links do). */
function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, ORIGIN);
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

/** The address of a page in a language, as the app builds it (site-url.ts: Russian adds ?lang=ru). */
function pageAddress(path: string, lang: Lang): string {
  const url = new URL(path, ORIGIN);
  url.searchParams.delete('lang');
  if (lang !== 'en') url.searchParams.set('lang', lang);
  return `${ORIGIN}${url.pathname}${url.search}`;
}

interface Mode {
  name: string;
  lang: Lang;
  /** The address opened for a page's path. */
  url: (path: string) => string;
  /** The visitor chose Russian earlier (the language switch's cookie). */
  cookie: boolean;
}

const MODES: Mode[] = [
  { name: 'English', lang: 'en', url: (path) => path, cookie: false },
  { name: 'Russian by cookie', lang: 'ru', url: (path) => path, cookie: true },
  { name: 'Russian by ?lang=ru', lang: 'ru', url: (path) => withParam(path, 'lang', 'ru'), cookie: false },
];

/** US dollars as the app writes a listing's price (lib/money.ts formatUsd with decimals 'auto'). */
function formatPrice(price: number, lang: Lang): string {
  const digits = Number.isInteger(price) ? 0 : 2;
  return new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(price);
}

interface ApiListing {
  listing_id: string;
  user_id: string;
  category: string;
  title: string | null;
  price: number | null;
  payment_period: 'weekly' | 'monthly' | null;
  image_urls: string[];
  name: string | null;
  email: string | null;
  phone_number: string | null;
}

function listingTitle(listing: ApiListing, lang: Lang): string {
  return listing.title?.trim() || tx(lang, 'listings', 'card.noTitle');
}

function listingPrice(listing: ApiListing, lang: Lang): string {
  if (listing.price === null) return tx(lang, 'listings', 'card.noPrice');
  const price = formatPrice(listing.price, lang);
  return listing.payment_period ? tx(lang, 'listings', `card.pricePer.${listing.payment_period}`, { price }) : price;
}

async function apiJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

async function listingsFromApi(page: Page, query: string): Promise<ApiListing[]> {
  return (await apiJson<{ data: { listings: ApiListing[] } }>(page, `/api/listing-all?${query}`)).data.listings;
}

/**
 * A seeded fleet owner's active car with photos, a price and a full contact block (not the demo
 * driver's own listings, whose status other tests change), from the second page of cars.
 */
async function aFullListing(page: Page): Promise<ApiListing> {
  const listings = await listingsFromApi(page, 'page=2&page_size=20&category=cars');
  const listing = listings.find((l) => l.image_urls.length > 0 && l.price !== null && l.name && l.email && l.phone_number && !l.email.startsWith('driver@'));
  expect(listing, 'a car with photos, a price and a full contact block').toBeTruthy();
  return listing!;
}

test.use({ javaScriptEnabled: false });

test.beforeEach(async ({ page }) => {
  await page.route('**/*', (route) => (['image', 'font', 'media'].includes(route.request().resourceType()) ? route.abort() : route.continue()));
});

/**
 * Opens a page as the server sends it (no script runs) in a mode's language and checks the document's
 * status and language; returns #root, where the page's markup is.
 */
async function openRaw(page: Page, mode: Mode, path: string, status = 200): Promise<Locator> {
  if (mode.cookie) await page.context().addCookies([{ name: 'medallion.language', value: mode.lang, url: ORIGIN }]);
  const response = await page.goto(mode.url(path));
  expect(response?.status()).toBe(status);
  await expect(page.locator('html')).toHaveAttribute('lang', mode.lang);
  await expect(page.locator('html')).toHaveAttribute('data-ssr', 'true');
  await expect(page.locator('script#medallion-state[type="application/json"]')).toHaveCount(1);
  return page.locator('#root');
}

/** One title, one description, the canonical address in the page's language, both alternates and the x-default. */
async function expectHead(page: Page, mode: Mode, path: string, head: { title: string; description?: string; noIndex?: boolean }) {
  const inHead = page.locator('head');
  await expect(inHead.locator('title')).toHaveCount(1);
  await expect(page).toHaveTitle(head.title);
  await expect(inHead.locator('meta[property="og:title"]')).toHaveAttribute('content', head.title);
  await expect(inHead.locator('meta[name="description"]')).toHaveCount(1);
  if (head.description !== undefined) await expect(inHead.locator('meta[name="description"]')).toHaveAttribute('content', head.description);
  if (head.noIndex) {
    await expect(inHead.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(inHead.locator('link[rel="canonical"]')).toHaveCount(0);
    return;
  }
  await expect(inHead.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(inHead.locator('link[rel="canonical"]')).toHaveAttribute('href', pageAddress(path, mode.lang));
  await expect(inHead.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', pageAddress(path, 'en'));
  await expect(inHead.locator('link[rel="alternate"][hreflang="ru"]')).toHaveAttribute('href', pageAddress(path, 'ru'));
  await expect(inHead.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', pageAddress(path, 'en'));
}

/** The page's JSON-LD blocks, parsed (each must be valid JSON). */
async function jsonLd(root: Locator): Promise<Array<Record<string, unknown>>> {
  const blocks = await root.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

const full = (title: string) => `${title} · Medallion`;

for (const mode of MODES) {
  test.describe(`server-rendered HTML, ${mode.name}`, () => {
    const { lang } = mode;

    test('/ has the welcome, the eight steps and its head', async ({ page }) => {
      const root = await openRaw(page, mode, '/');
      await expect(root.getByRole('heading', { level: 1 })).toHaveText(tx(lang, 'home', 'welcome.title'));
      for (const key of ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'])
        await expect(root.getByText(tx(lang, 'home', `steps.items.${key}`), { exact: true })).toHaveCount(1);
      await expectHead(page, mode, '/', { title: tx(lang, 'home', 'metaTitle'), description: tx(lang, 'home', 'metaDescription') });
    });

    for (const [path, query] of [
      ['/marketplace', 'page=1&page_size=20'],
      ['/marketplace?category=cars', 'page=1&page_size=20&category=cars'],
    ] as const) {
      test(`${path} has the API's 20 listings of page 1 in its markup`, async ({ page }) => {
        await expect(async () => {
          const listings = await listingsFromApi(page, query);
          expect(listings).toHaveLength(20);
          const root = await openRaw(page, mode, path);
          await expect(root.getByRole('heading', { level: 1 })).toHaveText(tx(lang, 'listings', 'marketplace.title'));
          const cards = root.locator('article[data-testid="listing-card"]');
          expect(await cards.locator('h3').allTextContents()).toEqual(listings.map((l) => listingTitle(l, lang)));
          // The price under a card's title as the page formats it in its language (a monthly rent also shows its
          // weekly cost beside it, issue #30).
          await expect(cards.first().getByTestId('listing-price')).toHaveText(listingPrice(listings[0]!, lang));
          if (path.includes('category=cars'))
            expect(new Set(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-category'))))).toEqual(new Set(['cars']));
        }).toPass({ timeout: 30_000 });
        await expectHead(page, mode, path, {
          title: full(tx(lang, 'listings', 'marketplace.title')),
          description: tx(lang, 'listings', 'marketplace.metaDescription'),
        });
      });
    }

    test('/marketplace with a bad filter says so (no spinner)', async ({ page }) => {
      const root = await openRaw(page, mode, '/marketplace?deal_type=rent&price_min=500&price_max=100');
      await expect(root.getByText(tx(lang, 'listings', 'marketplace.badFilters'), { exact: true })).toHaveCount(1);
      await expect(root.getByText(tx(lang, 'listings', 'marketplace.loading'))).toHaveCount(0);
    });

    test("a listing has its title, price, owner's contacts, preview and Car JSON-LD", async ({ page }) => {
      const listing = await aFullListing(page);
      const path = `/listing/${listing.listing_id}`;
      const title = listingTitle(listing, lang);
      const price = listingPrice(listing, lang);
      const root = await openRaw(page, mode, path);
      await expect(root.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(root.locator('header').getByText(price, { exact: true })).toHaveCount(1);
      const contact = root.getByRole('region', { name: tx(lang, 'listings', 'contact.title') });
      await expect(contact).toContainText(listing.name!);
      await expect(contact.getByRole('link', { name: listing.email! })).toHaveAttribute('href', `mailto:${listing.email}`);
      await expect(contact.getByRole('link', { name: listing.phone_number! })).toHaveAttribute('href', `tel:${listing.phone_number!.replace(/[^\d+]/g, '')}`);

      await expectHead(page, mode, path, { title: full(title) });
      // The description starts with the price (its spaces collapsed: the Russian one has no-break spaces).
      const description = (await page.locator('head meta[name="description"]').getAttribute('content')) ?? '';
      const plainPrice = price.replace(/\s+/g, ' ');
      expect(description.slice(0, plainPrice.length)).toBe(plainPrice);
      await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute('content', new URL(listing.image_urls[0]!, ORIGIN).toString());

      const [data, ...more] = await jsonLd(root);
      expect(more).toEqual([]);
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Car',
        name: title,
        url: pageAddress(path, 'en'),
        offers: { '@type': 'Offer', price: listing.price!.toFixed(2), priceCurrency: 'USD' },
      });
    });

    test('a missing listing is a 404 page that says so', async ({ page }) => {
      const root = await openRaw(page, mode, '/listing/no-such-listing', 404);
      await expect(root.getByRole('heading', { level: 1 })).toHaveText(tx(lang, 'listings', 'notFound.title'));
      await expect(root.getByText(tx(lang, 'listings', 'detail.loading'))).toHaveCount(0);
      await expectHead(page, mode, '/listing/no-such-listing', { title: full(tx(lang, 'listings', 'notFound.title')), noIndex: true });
    });

    test('/shop has the API products and their ItemList JSON-LD', async ({ page }) => {
      let titles: string[] = [];
      let root!: Locator;
      await expect(async () => {
        const products = (await apiJson<{ data: { data: { title: string; title_ru: string }[] } }>(page, '/api/products')).data.data;
        // The page's language: Russian where the product has it.
        titles = products.map((p) => (lang === 'ru' && p.title_ru) || p.title);
        expect(titles.length).toBeGreaterThan(0);
        root = await openRaw(page, mode, '/shop');
        expect(await root.locator('[data-testid="product-card"] h2').allTextContents()).toEqual(titles);
      }).toPass({ timeout: 30_000 });
      await expect(root.getByRole('heading', { level: 1 })).toHaveText(tx(lang, 'shop', 'title'));
      await expectHead(page, mode, '/shop', { title: full(tx(lang, 'shop', 'title')), description: tx(lang, 'shop', 'metaDescription') });
      const [data] = await jsonLd(root);
      expect(data).toMatchObject({ '@type': 'ItemList', url: pageAddress('/shop', lang) });
      const items = (data!.itemListElement as Array<{ item: { '@type': string; name: string; offers: { '@type': string } } }>).map((i) => i.item);
      expect(items.map((i) => i.name)).toEqual(titles);
      expect(new Set(items.map((i) => `${i['@type']}/${i.offers['@type']}`))).toEqual(new Set(['Product/Offer']));
    });

    test('/steps has the eight steps, each step its title, step 8 its FAQ and FAQPage JSON-LD', async ({ page }) => {
      const steps = texts(lang, 'steps').steps as Array<{ nav: string; title: string }>;
      const faq = texts(lang, 'steps').faq as Array<{ q: string; a: string }>;
      expect(steps).toHaveLength(8);
      const root = await openRaw(page, mode, '/steps');
      await expect(root.getByRole('heading', { level: 1 })).toHaveText(tx(lang, 'steps', 'title'));
      const nav = root.getByRole('navigation', { name: tx(lang, 'steps', 'title') }).getByRole('listitem');
      await expect(nav).toHaveCount(8);
      for (const [i, step] of steps.entries()) await expect(nav.nth(i)).toContainText(step.nav);
      await expectHead(page, mode, '/steps', { title: full(tx(lang, 'steps', 'title')), description: tx(lang, 'steps', 'metaDescription') });

      for (const [i, step] of steps.entries()) {
        const path = i === 0 ? '/steps' : `/steps?step=${i + 1}`;
        const stepRoot = i === 0 ? root : await openRaw(page, mode, path);
        await expect(stepRoot.locator('#step-title')).toHaveText(step.title);
      }
      // The last page opened is step 8.
      await expect(root.getByRole('heading', { level: 2, name: tx(lang, 'steps', 'faqTitle') })).toBeAttached();
      for (const item of faq) await expect(root.locator('summary').filter({ hasText: item.q })).toHaveCount(1);
      const [data] = await jsonLd(root);
      expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'FAQPage' });
      expect((data!.mainEntity as Array<{ '@type': string; name: string }>).map((q) => `${q['@type']}: ${q.name}`)).toEqual(
        faq.map((item) => `Question: ${item.q}`),
      );
    });

    test('/terms has its title and date', async ({ page }) => {
      const root = await openRaw(page, mode, '/terms');
      await expect(root.getByRole('heading', { level: 1 })).toHaveText(tx(lang, 'terms', 'title'));
      await expect(root.getByText(tx(lang, 'terms', 'lastUpdated'), { exact: true })).toHaveCount(1);
      await expectHead(page, mode, '/terms', { title: full(tx(lang, 'terms', 'title')), description: tx(lang, 'terms', 'metaDescription') });
    });

    test("/exam has the guest's first free question with its answers", async ({ page }) => {
      interface Question {
        question_id: string;
        question: string;
        question_rus: string;
        answers: { answer: string; answer_rus: string }[];
      }
      await expect(async () => {
        const { data } = await apiJson<{ data: { data: Question[]; total: number } }>(page, '/api/exam/questions');
        expect(data.data.length).toBe(5);
        const first = data.data[0]!;
        const root = await openRaw(page, mode, '/exam');
        await expect(root.getByRole('heading', { level: 1 })).toHaveText(tx(lang, 'exam', 'title'));
        await expect(root.getByTestId('question-text')).toHaveText(
          `${tx(lang, 'exam', 'progress', { n: 1, total: data.total })}: ${lang === 'ru' ? first.question_rus : first.question}`,
        );
        for (const answer of first.answers) await expect(root.getByText(lang === 'ru' ? answer.answer_rus : answer.answer, { exact: true })).toHaveCount(1);
        // The other free questions come along for the browser (not shown before the first is answered).
        const state = (await page.locator('script#medallion-state').textContent()) ?? '';
        for (const question of data.data) expect(state).toContain(question.question_id);
      }).toPass({ timeout: 30_000 });
      await expectHead(page, mode, '/exam', { title: full(tx(lang, 'exam', 'title')), description: tx(lang, 'exam', 'metaDescription') });
    });

    test('/login has the sign-in form', async ({ page }) => {
      const root = await openRaw(page, mode, '/login');
      await expect(root.getByRole('heading', { level: 1 })).toHaveText(tx(lang, 'auth', 'signIn.title'));
      await expect(root.locator('form input[type="password"]')).toHaveCount(1);
      await expect(root.getByRole('button', { name: tx(lang, 'auth', 'signIn.submit'), exact: true })).toHaveCount(1);
      await expectHead(page, mode, '/login', { title: full(tx(lang, 'auth', 'signIn.title')), description: tx(lang, 'auth', 'signIn.metaDescription') });
    });

    test('an unknown address is a 404 page', async ({ page }) => {
      const root = await openRaw(page, mode, '/no-such-page', 404);
      await expect(root.getByRole('heading', { level: 1 })).toHaveText(tx(lang, 'common', 'notFound.title'));
      await expectHead(page, mode, '/no-such-page', { title: full(tx(lang, 'common', 'notFound.title')), noIndex: true });
    });
  });
}

test.describe('server-rendered HTML: language and caching', () => {
  test('the language follows ?lang=, then the cookie, then Accept-Language', async ({ request }) => {
    const lang = async (path: string, headers: Record<string, string>) => /<html lang="(\w+)"/.exec(await (await request.get(path, { headers })).text())?.[1];
    expect(await lang('/terms', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' })).toBe('ru');
    expect(await lang('/terms', { 'accept-language': 'de-DE,en;q=0.5' })).toBe('en');
    expect(await lang('/terms', { 'accept-language': 'ru-RU', cookie: 'medallion.language=en' })).toBe('en');
    expect(await lang('/terms?lang=ru', { 'accept-language': 'en', cookie: 'medallion.language=en' })).toBe('ru');
    expect(await lang('/terms?lang=en', { cookie: 'medallion.language=ru' })).toBe('en');
  });

  test('an anonymous listing and marketplace are publicly cacheable for 60 s, with Vary and an ETag that answers 304', async ({ request, page }) => {
    const listing = await aFullListing(page);
    for (const path of [`/listing/${listing.listing_id}`, '/marketplace']) {
      // Another test may count a view or publish a listing between the two requests: then the page
      // (and its ETag) changed, and both are asked again.
      await expect(async () => {
        const first = await request.get(path);
        expect(first.status()).toBe(200);
        expect(first.headers()['content-type']).toContain('text/html');
        expect(first.headers()['cache-control']).toBe('public, max-age=60');
        expect(first.headers()['vary']?.toLowerCase()).toMatch(/cookie/);
        expect(first.headers()['vary']?.toLowerCase()).toMatch(/accept-language/);
        const etag = first.headers()['etag'] ?? '';
        expect(etag).toMatch(/^W\/".+"$/);
        const again = await request.get(path, { headers: { 'if-none-match': etag } });
        expect(again.status()).toBe(304);
        expect(await again.body()).toHaveLength(0);
      }).toPass({ timeout: 30_000 });
    }
  });

  test('other pages are revalidated (no-cache), unknown ones are 404', async ({ request }) => {
    for (const path of ['/', '/steps', '/shop', '/exam', '/login']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['cache-control'], path).toBe('no-cache');
    }
    const missing = await request.get('/no-such-page');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toContain('text/html');
    expect(missing.headers()['cache-control']).not.toContain('public');
  });

  test('a signed-in visitor gets private, no-store pages', async ({ request, page }) => {
    const listing = await aFullListing(page);
    expect((await request.post('/api/auth/sign-in', { data: DRIVER })).status()).toBe(200);
    for (const path of [`/listing/${listing.listing_id}`, '/marketplace', '/', '/dashboard']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['cache-control'], path).toBe('private, no-store');
      expect(response.headers()['vary']?.toLowerCase(), path).toMatch(/cookie/);
    }
  });
});
