import { describe, expect, it } from 'vitest';
import { contactUsRequestSchema } from '../src/contact';
import { isMessageKey, MESSAGES } from '../src/messages';

function issues(input: unknown) {
  const result = contactUsRequestSchema.safeParse(input);
  if (result.success) return {};
  // The first problem of each field is the one shown (as the API and the form do).
  const first: Record<string, string> = {};
  for (const i of result.error.issues) first[i.path.join('.')] ??= i.message;
  return first;
}

describe('contact form schema', () => {
  it('accepts a valid message and trims it', () => {
    const result = contactUsRequestSchema.parse({ name: '  Anna ', email: ' anna@example.com ', message: ' Hi ' });
    expect(result).toEqual({ name: 'Anna', email: 'anna@example.com', message: 'Hi' });
  });

  it('requires a name of at least 2 characters', () => {
    expect(issues({ name: '', email: 'a@b.co', message: 'x' })).toEqual({ name: 'nameRequired' });
    expect(issues({ name: 'A', email: 'a@b.co', message: 'x' })).toEqual({ name: 'nameMin' });
    expect(issues({ name: '  A  ', email: 'a@b.co', message: 'x' })).toEqual({ name: 'nameMin' });
    expect(issues({ name: 'Al', email: 'a@b.co', message: 'x' })).toEqual({});
  });

  it('requires a valid e-mail', () => {
    expect(issues({ name: 'Al', email: '', message: 'x' })).toEqual({ email: 'emailRequired' });
    expect(issues({ name: 'Al', email: 'not-an-email', message: 'x' })).toEqual({ email: 'emailInvalid' });
    expect(issues({ name: 'Al', email: 'a@b', message: 'x' })).toEqual({ email: 'emailInvalid' });
  });

  it('requires a message and limits its length', () => {
    expect(issues({ name: 'Al', email: 'a@b.co', message: '   ' })).toEqual({ message: 'messageRequired' });
    expect(issues({ name: 'Al', email: 'a@b.co', message: 'x'.repeat(5001) })).toEqual({ message: 'messageMax' });
  });

  it('reports missing fields with the required messages', () => {
    expect(issues({})).toEqual({ name: 'nameRequired', email: 'emailRequired', message: 'messageRequired' });
  });

  it('has an English text for every message key it uses', () => {
    for (const key of ['nameRequired', 'nameMin', 'emailRequired', 'emailInvalid', 'messageRequired', 'messageMax']) {
      expect(isMessageKey(key), key).toBe(true);
      expect(MESSAGES[key as keyof typeof MESSAGES]).toMatch(/^[A-Z].+\.$/);
    }
    expect(isMessageKey('already a text')).toBe(false);
  });
});
