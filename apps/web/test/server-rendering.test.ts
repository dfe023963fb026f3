import { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Listing } from '@medallion/contracts/listings';
import { dehydrateQueries, hydrateQueries, serializeSsrState } from '@/app/ssr-state';
import { splitHoisted, splitHoistedBytes } from '@/entry-server';
import { useTranslation as useServerTranslation } from '@/lib/react-i18next-server';
import ServerIcon from '@/lib/lucide-icon-server';
import PackageIcon from 'lucide-react/package-icon';
import { listingDescription, listingJsonLd } from '@/features/listings/lib/listing-head';
import { ApiClientError } from '@/lib/api-client';
import { languageFromAcceptLanguage, languageOfRequest, readCookie } from '@/lib/language';
import { pageUrl, setSiteOrigin } from '@/lib/site-url';

describe('the language a page is rendered in', () => {
  it('takes ?lang=, then the cookie, then Accept-Language, then English', () => {
    expect(languageOfRequest({ search: '?lang=ru', cookie: 'medallion.language=en', acceptLanguage: 'en' })).toBe('ru');
    expect(languageOfRequest({ search: '', cookie: 'a=1; medallion.language=ru', acceptLanguage: 'en-US' })).toBe('ru');
    expect(languageOfRequest({ search: '?lang=xx', cookie: 'medallion.language=de', acceptLanguage: 'ru-RU,ru;q=0.9' })).toBe('ru');
    expect(languageOfRequest({ search: '' })).toBe('en');
  });

  it('ranks Accept-Language by quality and skips refused or unknown languages', () => {
    expect(languageFromAcceptLanguage('de-DE, en;q=0.5, ru;q=0.8')).toBe('ru');
    expect(languageFromAcceptLanguage('ru;q=0, en;q=0.1')).toBe('en');
    expect(languageFromAcceptLanguage('fr, de')).toBeUndefined();
    expect(languageFromAcceptLanguage('garbage;;q=x')).toBeUndefined();
  });

  it('reads one cookie exactly, and survives a broken value', () => {
    expect(readCookie('xmedallion.language=ru; medallion.language=en', 'medallion.language')).toBe('en');
    expect(readCookie('medallion.language=%E0%A4%A', 'medallion.language')).toBeUndefined();
    expect(readCookie(undefined, 'medallion.language')).toBeUndefined();
  });
});

describe('page addresses', () => {
  it('puts English at the plain path and Russian at ?lang=ru, keeping the other parameters', () => {
    setSiteOrigin('https://medallion.example');
    expect(pageUrl('/marketplace', '?category=cars&lang=ru', 'en')).toBe('https://medallion.example/marketplace?category=cars');
    expect(pageUrl('/marketplace', '?category=cars', 'ru')).toBe('https://medallion.example/marketplace?category=cars&lang=ru');
    expect(pageUrl('/', '', 'en')).toBe('https://medallion.example/');
  });
});

describe('the state a server-rendered page hands to the browser', () => {
  it('cannot close its <script> element or open a comment, and reads back the same', () => {
    const json = serializeSsrState({
      language: 'en',
      origin: 'https://medallion.example',
      texts: { en: { common: { x: '</script><script>alert(1)</script><!-- & \u2028' } } },
      queries: { mutations: [], queries: [] },
      router: { loaderData: {}, actionData: null, errors: null },
    });
    expect(json).not.toMatch(/<|>|&|\u2028/);
    expect((JSON.parse(json) as { texts: { en: { common: { x: string } } } }).texts.en.common.x).toBe('</script><script>alert(1)</script><!-- & \u2028');
  });

  it('carries a failed query (a missing listing) as an ApiClientError, so both sides show the same view', async () => {
    const server = new QueryClient();
    await server.prefetchQuery({
      queryKey: ['listings', 'detail', 'x'],
      queryFn: () =>
        Promise.reject(
          new ApiClientError(404, 'NOT_FOUND', {
            key: 'listingNotFound',
            message: 'This listing does not exist or is not available.',
            fields: { id: { key: 'cart.priceChanged', params: { price: '$5.00' }, message: 'The price…' } },
          }),
        ),
      retry: false,
    });
    await server.prefetchQuery({ queryKey: ['shop', 'products'], queryFn: () => Promise.resolve({ data: [1, 2] }) });
    const state = JSON.parse(JSON.stringify(dehydrateQueries(server))) as ReturnType<typeof dehydrateQueries>;

    const browser = new QueryClient();
    hydrateQueries(browser, state);
    const error = browser.getQueryState(['listings', 'detail', 'x'])?.error;
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).status).toBe(404);
    expect((error as ApiClientError).key).toBe('listingNotFound');
    expect((error as ApiClientError).fields?.id).toEqual({ key: 'cart.priceChanged', params: { price: '$5.00' }, message: 'The price…' });
    expect(browser.getQueryData(['shop', 'products'])).toEqual({ data: [1, 2] });
  });
});

describe('hoisted head elements', () => {
  it('takes the leading <title>, <meta> and <link> elements React wrote before the markup', () => {
    const { head, body } = splitHoisted('<title>A</title><meta name="description" content="d"/><link rel="canonical" href="/x"/><div><title>not</title></div>');
    expect(head).toBe('<title>A</title><meta name="description" content="d"/><link rel="canonical" href="/x"/>');
    expect(body).toBe('<div><title>not</title></div>');
    expect(splitHoisted('<div>x</div>')).toEqual({ head: '', body: '<div>x</div>' });
  });

  it('finds them in the bytes React wrote, also after text of several bytes a character', () => {
    const markup = Buffer.from('<title>Квинс — Medallion</title><meta name="description" content="Стейтен-Айленд"/><main><h1>Квинс</h1></main>');
    const { head, body } = splitHoistedBytes(markup);
    expect(head).toBe('<title>Квинс — Medallion</title><meta name="description" content="Стейтен-Айленд"/>');
    expect(Buffer.from(body).toString('utf8')).toBe('<main><h1>Квинс</h1></main>');
    expect(Buffer.from(splitHoistedBytes(Buffer.from('<p>x</p>')).body).toString('utf8')).toBe('<p>x</p>');
  });
});

describe("the server's useTranslation", () => {
  it('translates as the package does, from the first namespace and by prefix, and reports the namespaces the page used', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: { en: { common: { hi: 'Hello {{name}}' }, listings: { title: 'Listings' } } },
      lng: 'en',
      ns: ['common', 'listings'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    const used: string[] = [];
    Object.assign(i18n, { reportNamespaces: { addUsedNamespaces: (namespaces: readonly string[]) => used.push(...namespaces) } });
    const Page = () => {
      const { t } = useServerTranslation(['listings', 'common']);
      const { t: common } = useServerTranslation();
      return createElement('p', null, `${t('title')}|${t('common:hi', { name: 'Ann' })}|${common('hi', { name: 'Bob' })}|${common('hi', { name: 'Ann' })}`);
    };
    const page = () => renderToString(createElement(I18nextProvider, { i18n }, createElement(Page)));
    expect(page()).toBe('<p>Listings|Hello Ann|Hello Bob|Hello Ann</p>');
    // The second render is the same (the texts it remembered are the texts).
    expect(page()).toBe('<p>Listings|Hello Ann|Hello Bob|Hello Ann</p>');
    expect(new Set(used)).toEqual(new Set(['listings', 'common']));
  });
});

describe("the server's icons", () => {
  // An icon as lucide-react's createLucideIcon hands it to Icon: its data, a forwarded ref (null) and the props given.
  const heart = { name: 'heart', aliases: [], size: 24, node: [['path', { d: 'M2 9.5a5.5 5.5 0 0 1 9.591-3.676', key: 'a' }]] };
  const propsOf = (extra: Record<string, unknown>) => ({ ref: null, icon: heart, ...extra });

  it('write the markup of the package’s Icon, for plain props, a label, children and a handler', () => {
    const cases = [
      { className: 'size-5 text-asphalt', 'aria-hidden': 'true' },
      { size: 16, strokeWidth: 3, absoluteStrokeWidth: true },
      { 'aria-label': 'Saved', color: 'red' },
      { className: 'size-4', children: createElement('title', { key: 'title' }, 'Saved') },
      { className: 'size-4', onClick: () => undefined, style: { color: 'red' } },
    ];
    for (const extra of cases) {
      const expected = renderToString(createElement(PackageIcon, propsOf(extra)));
      expect(renderToString(createElement(ServerIcon, propsOf(extra)))).toBe(expected);
      // The second time from what it kept.
      expect(renderToString(createElement(ServerIcon, propsOf(extra)))).toBe(expected);
    }
  });

  it('give out the same element for the same icon and plain props, and a new one for other props or a handler', () => {
    const seen: unknown[] = [];
    const Probe = ({ extra }: { extra: Record<string, unknown> }) => {
      seen.push(ServerIcon(propsOf(extra)));
      return null;
    };
    const render = (extra: Record<string, unknown>) => renderToString(createElement(Probe, { extra }));
    render({ className: 'size-9' });
    render({ className: 'size-9' });
    render({ className: 'size-10' });
    render({ className: 'size-9', onClick: () => undefined });
    render({ className: 'size-9', onClick: () => undefined });
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[0]);
    expect(seen[4]).not.toBe(seen[3]);
  });
});

describe('a listing for search engines and previews', () => {
  const listing = {
    listing_id: 'a1',
    category: 'cars',
    title: '2022 Toyota Camry',
    description: 'Insurance included.   Pick up in Astoria.',
    price: 425,
    payment_period: 'weekly',
    location: { city: 'Astoria', state: 'NY', zip_code: '11106' },
    car_make: 'Toyota',
    car_model: 'Camry',
    car_year: 2022,
    car_body_class: null,
    car_fuel: 'Hybrid',
    car_door_number: 4,
    car_seat_number: 5,
    vin: null,
  } as unknown as Listing;

  it('describes it by price, place and description', () => {
    expect(listingDescription(listing, '$425 / week', 'Astoria, NY 11106')).toBe('$425 / week · Astoria, NY 11106. Insurance included. Pick up in Astoria.');
    expect(listingDescription({ ...listing, description: 'word '.repeat(100) }, null, null).length).toBeLessThanOrEqual(200);
  });

  it('is a Car with a weekly lease Offer at its price and place', () => {
    const data = listingJsonLd(listing, 'https://m.example/listing/a1', ['https://m.example/media/a1/c.webp'], '2022 Toyota Camry') as Record<string, unknown>;
    expect(data['@type']).toBe('Car');
    expect(data.brand).toEqual({ '@type': 'Brand', name: 'Toyota' });
    expect(data.vehicleModelDate).toBe('2022');
    const offer = data.offers as Record<string, unknown>;
    expect(offer).toMatchObject({ '@type': 'Offer', price: '425.00', priceCurrency: 'USD', url: 'https://m.example/listing/a1' });
    expect(offer.priceSpecification).toMatchObject({ unitCode: 'WEE' });
    expect((offer.availableAtOrFrom as { address: { postalCode: string } }).address.postalCode).toBe('11106');
    const plate = listingJsonLd({ ...listing, category: 'plates', price: null }, 'u', [], 'Plate') as Record<string, unknown>;
    expect(plate['@type']).toBe('Product');
    expect(plate.offers).toBeUndefined();
    expect(plate.brand).toBeUndefined();
  });
});

describe('private pages and sign-in on the server', () => {
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

  it('redirects a visitor without a session cookie from a private page to sign in, and back after', async () => {
    const { render } = await import('@/entry-server');
    const result = await render({ url: '/dashboard?tab=ads', origin: 'https://medallion.example', fetch: async () => json({ user: null, token: null }) });
    expect(result).toEqual({ kind: 'redirect', status: 302, location: '/login?redirect=%2Fdashboard%3Ftab%3Dads' });
  });

  it('sends a signed-in visitor on from /login, only to a path of this site', async () => {
    const { render } = await import('@/entry-server');
    const signedIn = async (url: URL) =>
      url.pathname === '/api/auth/session' ? json({ user: { id: 'u1', email: 'a@b.c', role: 'user' }, token: null }) : json({ data: [] });
    const cookie = 'medallion.session_token=abc';
    expect(await render({ url: '/login?redirect=/cart', origin: 'https://m.example', cookie, fetch: signedIn })).toMatchObject({
      kind: 'redirect',
      location: '/cart',
    });
    // Another site's address, or a trick that becomes one, ends on the dashboard; no target goes home.
    for (const evil of ['//evil.example', 'https://evil.example', '/%2F%2Fevil.example', '/\\evil.example']) {
      expect(await render({ url: `/login?redirect=${encodeURIComponent(evil)}`, origin: 'https://m.example', cookie, fetch: signedIn })).toMatchObject({
        kind: 'redirect',
        location: '/dashboard',
      });
    }
    expect(await render({ url: '/login', origin: 'https://m.example', cookie, fetch: signedIn })).toMatchObject({ kind: 'redirect', location: '/' });
  });
});
