import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { registerErrorHandling } from '../src/plugins/errors';

async function appWith(handler: () => unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/boom', async () => handler());
  await app.ready();
  return app;
}

describe('error model', () => {
  it('hides internals of unexpected errors behind a 500 INTERNAL_ERROR', async () => {
    const app = await appWith(() => {
      throw new Error('password=hunter2 at db.ts:42');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again later.',
    });
    expect(res.body).not.toContain('hunter2');
    await app.close();
  });

  it('turns an AppError into its status, code, message and fields', async () => {
    const app = await appWith(() => {
      throw new AppError('CONFLICT', 'Email address already taken!', { email: 'Email address already taken!' });
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'Email address already taken!',
      fields: { email: 'Email address already taken!' },
    });
    await app.close();
  });

  it('keeps 4xx errors of plugins as 4xx with a known code', async () => {
    const app = await appWith(() => {
      throw Object.assign(new Error('nope'), { statusCode: 403 });
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'You do not have permission to do this.' });
    await app.close();
  });
});

describe('error log', () => {
  it('logs an unexpected error with its type, message and stack frames', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } } });
    registerErrorHandling(app);
    class StorageError extends Error {
      constructor(message: string) {
        super(message);
        this.name = 'StorageError';
      }
    }
    app.get('/boom', async () => {
      throw new StorageError('disk full');
    });
    await app.ready();
    await app.inject({ method: 'GET', url: '/boom' });
    const entry = JSON.parse(lines[0]!) as { error: { type: string; message: string; stack: string } };
    expect(entry.error.type).toBe('StorageError');
    expect(entry.error.message).toBe('disk full');
    expect(entry.error.stack).toMatch(/^StorageError: disk full\n\s+at /);
    await app.close();
  });
});
