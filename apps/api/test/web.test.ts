import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';

const dist = mkdtempSync(join(tmpdir(), 'medallion-web-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
const js = 'console.log("medallion");'.repeat(100);
writeFileSync(join(dist, 'assets', 'app-abc123.js'), js);
writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(js));

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('serving the SPA', async () => {
  const { app } = await buildTestApp({ WEB_DIST: dist }, { serveWeb: true });

  it.each(['/', '/marketplace', '/exam', '/listing/123', '/terms', '/steps', '/success-setup-intent', '/dev/mail'])(
    'serves the app for %s with 200',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves the app with a real 404 for unknown paths', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with long caching, pre-compressed when asked', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404, not the app', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('serving the SPA with SMTP configured', async () => {
  const { app } = await buildTestApp({ WEB_DIST: dist, SMTP_URL: 'smtp://127.0.0.1:1' }, { serveWeb: true });

  it('has no dev mailbox page: /dev/mail is a 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
  });
});
