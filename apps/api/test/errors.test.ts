import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '@medallion/contracts/errors';
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
      key: 'error.internal',
      message: 'Something went wrong on our side. Please try again later.',
    });
    expect(res.body).not.toContain('hunter2');
    await app.close();
  });

  it('turns an AppError into its status, code, key, message and fields', async () => {
    const app = await appWith(() => {
      throw new AppError('CONFLICT', 'auth.emailTaken').on('email');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      key: 'auth.emailTaken',
      message: 'Email address already taken!',
      fields: { email: { key: 'auth.emailTaken', message: 'Email address already taken!' } },
    });
    expect(apiErrorSchema.parse(res.json())).toEqual(res.json());
    await app.close();
  });

  it('sends the params of a message with its English text, also on each field', async () => {
    const app = await appWith(() => {
      throw new AppError('CONFLICT', 'cart.outOfStock', { title: 'Seat covers $& more' }).on('cart-ids.a', 'cart-ids.b');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    const message = '"Seat covers $& more" is out of stock in the quantity you chose. Lower the quantity or remove it.';
    const field = { key: 'cart.outOfStock', params: { title: 'Seat covers $& more' }, message };
    expect(res.json()).toEqual({ code: 'CONFLICT', ...field, fields: { 'cart-ids.a': field, 'cart-ids.b': field } });
    await app.close();
  });

  it("answers with the code's default message when an AppError names none", async () => {
    const app = await appWith(() => {
      throw new AppError('ACCOUNT_LOCKED');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(423);
    expect(res.json()).toEqual({
      code: 'ACCOUNT_LOCKED',
      key: 'auth.accountLocked',
      message: 'Too many wrong passwords. Sign-in is locked for 15 minutes. Try again later or reset your password.',
    });
    await app.close();
  });

  it('reports schema validation problems by key: the first of each field, and the first as the message', async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    const body = z.object({ name: z.string().min(2, 'nameMin'), email: z.string().min(1, 'emailRequired').email('emailInvalid'), age: z.number() });
    app.post('/form', { schema: { body } }, async () => ({ ok: true }));
    await app.ready();
    const res = await app.inject({ method: 'POST', url: '/form', payload: { name: 'A', email: '', age: 'x' } });
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({
      code: 'VALIDATION_ERROR',
      key: 'nameMin',
      message: 'Name must be at least 2 characters.',
      fields: {
        name: { key: 'nameMin', message: 'Name must be at least 2 characters.' },
        email: { key: 'emailRequired', message: 'Please enter your e-mail.' },
      },
    });
    // A zod default text (no key of ours) goes out as written, under the key for untranslated texts.
    expect(json.fields.age).toMatchObject({ key: 'error.untranslated', params: { text: json.fields.age.message } });
    expect(json.fields.age.message).not.toBe('');
    expect(apiErrorSchema.parse(json)).toEqual(json);
    await app.close();
  });

  it('keeps 4xx errors of plugins as 4xx with a known code', async () => {
    const app = await appWith(() => {
      throw Object.assign(new Error('nope'), { statusCode: 403 });
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', key: 'error.forbidden', message: 'You do not have permission to do this.' });
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
