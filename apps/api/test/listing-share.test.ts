import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listings } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';

const dist = mkdtempSync(join(tmpdir(), 'medallion-web-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="Plain description" /><title>Medallion</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('share-friendly listing pages and media', async () => {
  const { app } = await buildTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://medallion.example' }, { serveWeb: true });
  const owner = await createConfirmedUser(app, 'sharer@example.com');
  const [active] = await app.db
    .insert(listings)
    .values({
      userId: owner.id,
      status: 'ACTIVE',
      category: 'cars',
      title: '2022 Toyota Camry <Hybrid> "TLC" ready',
      description: 'Insurance included. Pick up in Astoria & drive tonight.',
      priceCents: 42_500,
      paymentPeriod: 'weekly',
      images: ['cover.webp', 'second.webp'],
      locationCity: 'Astoria',
      locationState: 'NY',
      locationZip: '11106',
      publishedAt: new Date(),
    })
    .returning();
  const [draft] = await app.db
    .insert(listings)
    .values({ userId: owner.id, status: 'DRAFT', category: 'plates', title: 'Secret draft' })
    .returning();

  it('puts the title, price, place, description and cover photo of an ACTIVE listing in the head', async () => {
    const res = await app.inject({ method: 'GET', url: `/listing/${active!.id}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>2022 Toyota Camry &lt;Hybrid&gt; &quot;TLC&quot; ready | Medallion</title>');
    expect(html).toContain('<meta property="og:title" content="2022 Toyota Camry &lt;Hybrid&gt; &quot;TLC&quot; ready | Medallion" />');
    expect(html).toContain(
      '<meta property="og:description" content="$425 / week · Astoria, NY. Insurance included. Pick up in Astoria &amp; drive tonight." />',
    );
    expect(html).toContain(`<meta property="og:image" content="https://medallion.example/media/${active!.id}/cover.webp" />`);
    expect(html).toContain(`<meta property="og:url" content="https://medallion.example/listing/${active!.id}" />`);
    expect(html).not.toContain('Plain description');
    expect(html).toContain('<div id="root">');
  });

  it("keeps the page whole when the title or description holds replacement patterns ($', $`, $&) or </title>", async () => {
    const title = "Camry $' and $` and $& </title><script>x</script> $$ $1";
    const description = "Deposit $'500 $` $& </title> $<name>";
    const [tricky] = await app.db
      .insert(listings)
      .values({ userId: owner.id, status: 'ACTIVE', category: 'cars', title, description, publishedAt: new Date() })
      .returning();
    const res = await app.inject({ method: 'GET', url: `/listing/${tricky!.id}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html.match(/<html/g)).toHaveLength(1);
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    const escapedTitle = 'Camry $&#39; and $` and $&amp; &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; $$ $1 | Medallion';
    expect(html).toContain(`<title>${escapedTitle}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escapedTitle}" />`);
    expect(html).toContain(`<meta name="description" content="Deposit $&#39;500 $\` $&amp; &lt;/title&gt; $&lt;name&gt;" />`);
    expect(html).not.toContain('<script>x');
  });

  it('serves the plain page for drafts, unknown ids and other routes', async () => {
    for (const url of [`/listing/${draft!.id}`, `/listing/${crypto.randomUUID()}`, '/listing/nope', '/marketplace']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Plain description');
      expect(res.body, url).not.toContain('og:title');
      expect(res.body, url).not.toContain('Secret draft');
    }
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
