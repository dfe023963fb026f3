import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listings } from '@medallion/db/schema';
import { EARLY_CAPTURE_SCRIPT } from '@medallion/contracts/early-capture';
import { EARLY_CAPTURE_CSP_SOURCE } from '../src/plugins/security';
import { splitTemplate } from '../src/plugins/web';
import { createFontPreloads, createPageAssets } from '../src/plugins/web-render';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';

const root = mkdtempSync(join(tmpdir(), 'medallion-web-'));
const dist = join(root, 'dist');
mkdirSync(dist);
mkdirSync(join(root, 'dist-ssr'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><meta name="description" content="Plain description" /><title>Medallion</title></head><body><div id="root"></div></body></html>',
);
// A stand-in for the web app's server bundle (apps/web/src/entry-server.tsx builds the real one):
// it answers with replacement patterns in every part, so the plugin's assembly is what is tested. Like
// the real one, its state differs on every render (the real one has its queries' fetch times there)
// while its stable state does not.
writeFileSync(
  join(root, 'dist-ssr', 'entry-server.js'),
  `let renders = 0;
  export async function render(input) {
    globalThis.medallionRenders = (globalThis.medallionRenders ?? 0) + 1;
    const url = new URL(input.url, input.origin);
    if (url.pathname === '/boom') throw new Error('render failed');
    const session = await input.fetch(new URL('/api/auth/session', input.origin), { method: 'GET', headers: { accept: 'application/json' } });
    const { user } = await session.json();
    return {
      kind: 'page',
      status: url.pathname.startsWith('/listing/missing') ? 404 : 200,
      language: 'ru',
      head: "<title>Camry $' and $\` and $& | Medallion</title><meta name=\\"description\\" content=\\"$&lt;name&gt; $'\\"/>",
      html: '<main><h1>' + url.pathname + " $' $& $\`</h1><p>" + (user ? user.email : 'guest') + '</p></main>',
      state: '<script type="application/json" id="medallion-state">{"origin":"' + input.origin + '","render":' + (++renders) + '}</script>',
      stableState: '<script type="application/json" id="medallion-state">{"origin":"' + input.origin + '"}</script>',
      chunks: [],
      signedIn: Boolean(input.cookie && input.cookie.includes('medallion.session_token')),
    };
  }`,
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('server-rendered pages and media', async () => {
  const { app } = await buildTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://medallion.example' }, { serveWeb: true });
  const owner = await createConfirmedUser(app, 'sharer@example.com');
  const [active] = await app.db
    .insert(listings)
    .values({
      userId: owner.id,
      status: 'ACTIVE',
      category: 'cars',
      title: '2022 Toyota Camry',
      priceCents: 42_500,
      paymentPeriod: 'weekly',
      images: ['cover.webp', 'second.webp'],
      publishedAt: new Date(),
    })
    .returning();

  it("puts the rendered head, page and state into index.html whole, even with replacement patterns ($', $`, $&)", async () => {
    const res = await app.inject({ method: 'GET', url: '/marketplace' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html.match(/<html/g)).toHaveLength(1);
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<html lang="ru" data-ssr="true">');
    expect(html).toContain("<title>Camry $' and $` and $& | Medallion</title>");
    expect(html).not.toContain('Plain description');
    expect(html).toContain(
      '<div id="root"><main><h1>/marketplace $\' $& $`</h1><p>guest</p></main></div><script type="application/json" id="medallion-state">',
    );
    expect(html).toMatch(/\{"origin":"https:\/\/medallion.example","render":\d+\}/);
  });

  it('caches public listing and marketplace pages briefly, varies by cookie and language, and answers 304 to a known ETag (fetch times in the state aside)', async () => {
    const res = await app.inject({ method: 'GET', url: `/listing/${active!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await app.inject({ method: 'GET', url: `/listing/${active!.id}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ method: 'GET', url: '/steps' });
    expect(other.headers['cache-control']).toBe('no-cache');
  });

  it('compresses pages with Brotli or gzip as the browser asks, the same page either way', async () => {
    const plain = await app.inject({ method: 'GET', url: '/terms?z=1' });
    const br = await app.inject({ method: 'GET', url: '/terms?z=1', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await app.inject({ method: 'GET', url: '/terms?z=1', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const signedIn = await app.inject({ method: 'GET', url: '/terms?z=1', headers: { 'accept-encoding': 'br', cookie: owner.cookie } });
    expect(signedIn.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(signedIn.rawPayload).toString('utf8')).toContain('sharer@example.com');
  });

  it('never lets a shared cache keep a signed-in page, and renders it as the signed-in visitor', async () => {
    const res = await app.inject({ method: 'GET', url: '/marketplace', headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<p>sharer@example.com</p>');
  });

  it('answers 404 for unknown routes and for what the page reports missing, with the rendered page', async () => {
    for (const url of ['/listing/missing-one', '/no-such-page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root"><main>');
    }
  });

  it('reuses an anonymous page for a few seconds, never a signed-in one, and renders again after a change to a listing', async () => {
    const renders = () => (globalThis as { medallionRenders?: number }).medallionRenders ?? 0;
    const start = renders();
    const first = await app.inject({ method: 'GET', url: '/shop?cache=1' });
    const second = await app.inject({ method: 'GET', url: '/shop?cache=1' });
    expect(second.body).toBe(first.body);
    expect(renders()).toBe(start + 1);
    // Another language is another page.
    await app.inject({ method: 'GET', url: '/shop?cache=1', headers: { cookie: 'medallion.language=ru' } });
    expect(renders()).toBe(start + 2);
    // Signed in: rendered every time.
    await app.inject({ method: 'GET', url: '/shop?cache=1', headers: { cookie: owner.cookie } });
    await app.inject({ method: 'GET', url: '/shop?cache=1', headers: { cookie: owner.cookie } });
    expect(renders()).toBe(start + 4);
    // A view is not a change; the owner taking the listing down is.
    await app.inject({ method: 'POST', url: `/api/listing/${active!.id}/views`, payload: {} });
    await app.inject({ method: 'GET', url: '/shop?cache=1' });
    expect(renders()).toBe(start + 4);
    const change = await app.inject({
      method: 'POST',
      url: '/api/listing/change-status',
      headers: { cookie: owner.cookie, origin: 'https://medallion.example' },
      payload: { listing_id: active!.id, listing_status: 'INACTIVE' },
    });
    expect(change.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/shop?cache=1' });
    expect(renders()).toBe(start + 5);
  });

  it('starts every page with the early-capture script, allowed by its hash in the CSP (decision 0014)', async () => {
    const res = await app.inject({ method: 'GET', url: '/steps' });
    const scripts = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([EARLY_CAPTURE_SCRIPT]);
    expect(res.body.indexOf('<script>')).toBeLessThan(res.body.indexOf('<title>'));
    const hash = `'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`;
    expect(EARLY_CAPTURE_CSP_SOURCE).toBe(hash);
    const scriptSrc = (res.headers['content-security-policy'] as string).split(';').find((d) => d.startsWith('script-src'));
    expect(scriptSrc?.split(' ')).toContain(hash);
    // After the charset when the page names one, so the charset stays in the first bytes.
    const withCharset = splitTemplate('<html lang="en"><head><meta charset="UTF-8" /><title>x</title></head><body><div id="root"></div></body></html>')
      .assemble({
        language: 'en',
        head: '',
        body: '',
        state: '',
      })
      .toString();
    expect(withCharset).toContain(`<head><meta charset="UTF-8" /><script>${EARLY_CAPTURE_SCRIPT}</script><title>`);
  });

  it("lets a rendered page's code yield the network to its first paint (low fetch priority)", () => {
    const page = splitTemplate(
      '<html lang="en"><head><script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/a.js"></head><body><div id="root"></div></body></html>',
    )
      .assemble({ language: 'en', head: '', body: '<p>x</p>', state: '' })
      .toString();
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">');
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/a.js">');
  });

  it('preloads the Cyrillic subset of the font on a Russian page only (its late arrival re-flowed the text)', () => {
    const web = mkdtempSync(join(tmpdir(), 'medallion-fonts-'));
    mkdirSync(join(web, 'assets'));
    for (const name of ['inter-latin-wght-normal-AbC1.woff2', 'inter-cyrillic-ext-wght-normal-Zz9.woff2', 'inter-cyrillic-wght-normal-Xy_2.woff2']) {
      writeFileSync(join(web, 'assets', name), '');
    }
    const preloads = createFontPreloads(web);
    expect(preloads('ru')).toBe('<link rel="preload" href="/assets/inter-cyrillic-wght-normal-Xy_2.woff2" as="font" type="font/woff2" crossorigin>');
    expect(preloads('en')).toBe('');
    // No built assets (a bare API test): nothing to preload.
    expect(createFontPreloads(join(web, 'missing'))('ru')).toBe('');
    rmSync(web, { recursive: true, force: true });
  });

  it("replaces index.html's default description also when it is written over several lines", () => {
    const page = splitTemplate(
      '<html lang="en"><head>\n    <meta\n      name="description"\n      content="Default"\n    />\n    <title>Medallion</title>\n  </head><body><div id="root"></div></body></html>',
    )
      .assemble({ language: 'en', head: '<title>Page</title><meta name="description" content="Page description">', body: '<p>x</p>', state: '' })
      .toString();
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).toContain('content="Page description"');
    expect(page.match(/<title>/g)).toHaveLength(1);
  });

  it("links a page's stylesheets but only lists its modules, for the entry to preload after the first view", () => {
    const dir = mkdtempSync(join(tmpdir(), 'medallion-manifest-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(
      join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_helper.js'], dynamicImports: ['src/app/start.tsx'] },
        '_helper.js': { file: 'assets/helper-2.js' },
        'src/app/start.tsx': { file: 'assets/start-3.js', imports: ['_helper.js', '_react.js'] },
        '_react.js': { file: 'assets/react-4.js' },
        'src/routes/shop.tsx': { file: 'assets/shop-5.js', imports: ['_react.js', '_money.js'], css: ['assets/shop-6.css'] },
        '_money.js': { file: 'assets/money-7.js' },
      }),
    );
    try {
      const html = createPageAssets(dir)(['src/routes/shop.tsx']);
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/shop-6.css">');
      expect(html).not.toContain('modulepreload');
      const list = /<script type="application\/json" id="medallion-modules">([^<]*)<\/script>/.exec(html)?.[1];
      // The entry's own imports are loaded by index.html already; everything else the page needs is listed.
      expect(JSON.parse(list ?? 'null')).toEqual(['/assets/shop-5.js', '/assets/react-4.js', '/assets/money-7.js']);
      expect(createPageAssets(dir)([])).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends the plain page when rendering fails, so the browser can still draw it', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Plain description');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('serves stored media at /media with long caching, and nothing outside the media folder', async () => {
    await app.storage.put(`${active!.id}/cover.webp`, Buffer.from('RIFF0000WEBP'), 'image/webp');
    const res = await app.inject({ method: 'GET', url: `/media/${active!.id}/cover.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await app.inject({ method: 'GET', url: '/media/../package.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/media/%2e%2e/%2e%2e/etc/passwd' })).statusCode).toBe(404);
    await expect(app.storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
  });
});
