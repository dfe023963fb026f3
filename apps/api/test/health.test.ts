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

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', key: 'error.noSuchEndpoint', message: 'There is no such API endpoint.' });
  });
});
