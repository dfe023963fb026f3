import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTACT_SUCCESS_MESSAGE } from '@medallion/contracts/contact';
import { contactMessages, mailOutbox } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { fieldTexts } from './helpers/field-texts';

describe('POST /api/contact-us', async () => {
  const { app } = await buildTestApp({ CONTACT_RATE_LIMIT_MAX: '100', SUPPORT_EMAIL: 'help@medallion.example' });

  it('stores the message and queues an e-mail to the support mailbox', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact-us',
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
      payload: { name: '  Иван Петров ', email: 'ivan@example.com', message: 'Как получить номер TLC?' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CONTACT_SUCCESS_MESSAGE });

    const [stored] = await app.db.select().from(contactMessages).where(eq(contactMessages.email, 'ivan@example.com'));
    expect(stored).toMatchObject({ name: 'Иван Петров', message: 'Как получить номер TLC?', locale: 'ru' });

    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, 'ivan@example.com'));
    expect(mail).toMatchObject({ to: 'help@medallion.example', status: 'dev', subject: 'Contact form: Иван Петров' });
    expect(mail?.text).toContain('Как получить номер TLC?');
    expect(mail?.text).toContain(stored?.id);
  });

  it('escapes the message in the HTML e-mail', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: { name: 'Mallory', email: 'mallory@example.com', message: '<script>alert(1)</script>' },
    });
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, 'mallory@example.com'));
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
  });

  it('answers 400 with a message for each bad field and stores nothing', async () => {
    const before = await app.db.select({ n: count() }).from(contactMessages);
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: { name: 'A', email: 'not-an-email', message: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_ERROR',
      key: 'nameMin',
      message: 'Name must be at least 2 characters.',
      fields: {
        name: { key: 'nameMin', message: 'Name must be at least 2 characters.' },
        email: { key: 'emailInvalid', message: 'Please enter a valid e-mail address.' },
        message: { key: 'messageRequired', message: 'Please enter your message.' },
      },
    });
    const after = await app.db.select({ n: count() }).from(contactMessages);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('answers 400 for missing fields, not 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/contact-us', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(fieldTexts(res.json())).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your e-mail.',
      message: 'Please enter your message.',
    });
  });

  it.each([
    {
      what: '400 for a body that is not JSON',
      contentType: 'application/json',
      body: '{"name": "Anna",',
      status: 400,
      answer: { code: 'BAD_REQUEST', key: 'error.invalidJson', message: 'The request body is not valid JSON.' },
    },
    { what: '415 for an unsupported content type', contentType: 'text/csv', body: 'name,email', status: 415, answer: { code: 'UNSUPPORTED_MEDIA_TYPE' } },
  ])('answers $what', async ({ contentType, body, status, answer }) => {
    const res = await app.inject({ method: 'POST', url: '/api/contact-us', headers: { 'content-type': contentType }, payload: body });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject(answer);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: { name: 'Anna', email: 'anna@example.com', message: 'x'.repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', key: 'error.payloadTooLarge', message: 'The request is too large.' });
  });
});

describe('POST /api/contact-us rate limit', async () => {
  const { app } = await buildTestApp({ CONTACT_RATE_LIMIT_MAX: '2' });

  it('answers 429 with a clear message after the limit, and stores nothing more', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/contact-us',
        payload: { name: 'Anna', email: 'anna@example.com', message: 'Hello' },
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'RATE_LIMITED',
      key: 'contact.tooManyMessages',
      message: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    const stored = await app.db.select({ n: count() }).from(contactMessages);
    expect(stored[0]?.n).toBe(2);
  });
});
