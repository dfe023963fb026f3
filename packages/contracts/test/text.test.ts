import { describe, expect, it } from 'vitest';
import { contactUsRequestSchema } from '../src/contact';
import { listingFiltersQuerySchema } from '../src/listings';
import { freeText, text } from '../src/text';
import { MESSAGES } from '../src/messages';

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f', '\ud800', '\udc00'];

describe('text() and freeText()', () => {
  it('refuse C0 and C1 controls, DEL and lone surrogates', () => {
    for (const c of CONTROLS) {
      expect(text().safeParse(`a${c}b`).success, JSON.stringify(c)).toBe(false);
      expect(freeText().safeParse(`a${c}b`).success, JSON.stringify(c)).toBe(false);
    }
  });

  it('refuse newlines and tabs in one-line text, allow them in free text', () => {
    for (const c of ['\n', '\r\n', '\t']) {
      expect(text().safeParse(`a${c}b`).success).toBe(false);
      expect(freeText().safeParse(`a${c}b`).success).toBe(true);
    }
  });

  it('accept ordinary text in any language, emoji included', () => {
    for (const v of ['Anna Smith', 'Анна', '東京', 'I ❤️ NYC 🚕', '', "O'Brien & Co. <b>"]) {
      expect(text().safeParse(v).success).toBe(true);
      expect(freeText().safeParse(v).success).toBe(true);
    }
  });

  it('answer the key textControlCharacters, which has an English text', () => {
    const result = text().safeParse('\u0000');
    expect(result.error?.issues[0]?.message).toBe('textControlCharacters');
    expect(MESSAGES.textControlCharacters).toMatch(/characters/);
  });
});

describe('request schemas refuse control characters per field', () => {
  it('contact form: name, e-mail and message (newlines allowed in the message)', () => {
    const result = contactUsRequestSchema.safeParse({ name: 'An\u0000na', email: 'a\u0000@b.co', message: 'Hi\u0007' });
    const fields = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(fields).toEqual({ name: 'textControlCharacters', email: 'textControlCharacters', message: 'textControlCharacters' });
    expect(contactUsRequestSchema.safeParse({ name: 'Anna', email: 'a@b.co', message: 'Line 1\nLine 2\tend' }).success).toBe(true);
  });

  it('marketplace filters (a query string)', () => {
    const result = listingFiltersQuerySchema.safeParse({ location: '\u0000' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['location', 'textControlCharacters']]);
  });
});
