import type { ContactUsInput } from '@medallion/contracts/contact';
import { describe, expect, it } from 'vitest';
import { contactResolver } from '@/features/contact/components/contact-validation';

/** The contact resolver's answer for these values: each field's first problem (a message key), or the request. */
async function check(values: ContactUsInput) {
  const result = await contactResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const errors = Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error?.message]));
  return { errors, request: Object.keys(errors).length === 0 ? result.values : undefined };
}

describe('contactResolver (the Contact us form, checked with the API schema)', () => {
  it('gives the first problem of each field, as validation keys', async () => {
    expect((await check({ name: '', email: '', message: '' })).errors).toEqual({
      name: 'nameRequired',
      email: 'emailRequired',
      message: 'messageRequired',
    });
    expect((await check({ name: ' A ', email: 'not-an-email', message: 'x'.repeat(5001) })).errors).toEqual({
      name: 'nameMin',
      email: 'emailInvalid',
      message: 'messageMax',
    });
  });

  it('refuses control characters in one-line fields, and allows new lines in the message', async () => {
    const result = await check({ name: 'Dmitri\u0000', email: 'dmitri@example.com', message: 'Line one\nLine two' });
    expect(result.errors).toEqual({ name: 'textControlCharacters' });
    expect(result.request).toBeUndefined();
  });

  it('returns the trimmed request when everything is right', async () => {
    const result = await check({ name: '  Dmitri Ivanov ', email: ' dmitri@example.com ', message: ' How long is the exam? ' });
    expect(result.errors).toEqual({});
    expect(result.request).toEqual({ name: 'Dmitri Ivanov', email: 'dmitri@example.com', message: 'How long is the exam?' });
  });
});
