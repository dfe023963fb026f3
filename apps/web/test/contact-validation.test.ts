import { describe, expect, it } from 'vitest';
import { checkContact } from '@/features/contact/components/contact-validation';

describe('checkContact (the Contact us form, checked with the API schema)', () => {
  it('gives the first problem of each field, as validation keys', () => {
    expect(checkContact({ name: '', email: '', message: '' }).errors).toEqual({
      name: 'nameRequired',
      email: 'emailRequired',
      message: 'messageRequired',
    });
    expect(checkContact({ name: ' A ', email: 'not-an-email', message: 'x'.repeat(5001) }).errors).toEqual({
      name: 'nameMin',
      email: 'emailInvalid',
      message: 'messageMax',
    });
  });

  it('refuses control characters in one-line fields, and allows new lines in the message', () => {
    const result = checkContact({ name: 'Dmitri\u0000', email: 'dmitri@example.com', message: 'Line one\nLine two' });
    expect(result.errors).toEqual({ name: 'textControlCharacters' });
    expect(result.request).toBeUndefined();
  });

  it('returns the trimmed request when everything is right', () => {
    const result = checkContact({ name: '  Dmitri Ivanov ', email: ' dmitri@example.com ', message: ' How long is the exam? ' });
    expect(result.errors).toEqual({});
    expect(result.request).toEqual({ name: 'Dmitri Ivanov', email: 'dmitri@example.com', message: 'How long is the exam?' });
  });
});
