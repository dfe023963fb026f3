import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';

describe('GET /api/health', async () => {
  const { app } = await buildTestApp();

  it('reports the database as up', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: 'up',
      database_kind: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('answers 503 when the database is down', async () => {
    const original = app.database.ping;
    app.database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      app.database.ping = original;
    }
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/contact-us', '/api/dev/mail']));
    expect(doc.paths['/api/contact-us'].post.requestBody.content['application/json'].schema.required).toEqual(['name', 'email', 'message']);
  });

  it('documents the error body: code, message key, params, English text, and field problems by key', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const schema = JSON.stringify(doc.paths['/api/contact-us'].post.responses['400']);
    for (const name of ['"code"', '"key"', '"params"', '"message"', '"fields"', '"nameMin"', '"cart.outOfStock"']) expect(schema).toContain(name);
  });

  it('sends security headers: the REST set on API answers, errors included, and the page policy on pages', async () => {
    for (const url of ['/api/health', '/api/listing/not-a-uuid', '/api/no-such-call']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      // Headers that only mean something for a document are left off.
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['x-xss-protection'], url).toBeUndefined();
    }
    // Swagger UI is a page under /api: it gets the pages' policy (its scripts and styles are ours).
    const docs = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
    expect(docs.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(docs.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', key: 'error.noSuchEndpoint', message: 'There is no such API endpoint.' });
  });
});
