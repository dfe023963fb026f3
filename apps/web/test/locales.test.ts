import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES, placeholdersOf } from '@medallion/contracts/messages';

const root = new URL('../src/locales', import.meta.url).pathname;
const load = (lng: string, ns: string) => JSON.parse(readFileSync(join(root, lng, `${ns}.json`), 'utf8'));
const namespaces = readdirSync(join(root, 'en')).map((f) => f.replace(/\.json$/, ''));

/** Key paths of a JSON value; arrays contribute their indices, plural suffixes are folded. */
function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keys(v, `${prefix}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix.replace(/_(zero|one|two|few|many|other)$/, '_plural')];
}

/** The value at a dotted key path (how i18next reads common:messages.<key>). */
function lookup(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('locales', () => {
  it('has the same namespaces in en and ru', () => {
    expect(readdirSync(join(root, 'ru')).sort()).toEqual(readdirSync(join(root, 'en')).sort());
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'home', 'steps', 'terms', 'devMail']));
  });

  it.each(namespaces)('has every key of %s in both languages', (ns) => {
    expect([...new Set(keys(load('ru', ns)))].sort()).toEqual([...new Set(keys(load('en', ns)))].sort());
  });

  it.each(namespaces)('has no empty texts in %s', (ns) => {
    for (const lng of ['en', 'ru']) {
      expect(strings(load(lng, ns)).filter((s) => s.trim() === '')).toEqual([]);
    }
  });

  it('translates every message key of the contracts, and nothing else, in both languages', () => {
    for (const lng of ['en', 'ru']) {
      expect(keys(load(lng, 'common').messages).sort(), lng).toEqual(Object.keys(MESSAGES).sort());
    }
  });

  it('keeps the English messages the catalogue texts', () => {
    const en = load('en', 'common').messages;
    for (const [key, text] of Object.entries(MESSAGES)) expect(lookup(en, key), key).toBe(text);
  });

  it('uses the same placeholders in Russian as in the catalogue', () => {
    const ru = load('ru', 'common').messages;
    for (const [key, text] of Object.entries(MESSAGES)) {
      const translation = lookup(ru, key);
      expect(typeof translation, key).toBe('string');
      expect(placeholdersOf(translation as string).sort(), key).toEqual(placeholdersOf(text).sort());
      // A text of its own (not the English one left in), except a placeholder that is the whole message.
      if (text !== '{{text}}') expect(translation, key).toMatch(/[а-яё]{3,}/i);
    }
  });

  it('writes Russian texts in Cyrillic', () => {
    for (const ns of namespaces) {
      const ru = strings(load('ru', ns)).join(' ');
      expect(ru, ns).toMatch(/[а-яё]{4,}/i);
    }
  });

  it('uses the spec texts of the shared frame and contact form', () => {
    const en = load('en', 'common');
    expect(en.contact.success).toBe('Thank you for your question. Our team will reach out to you soon.');
    expect(en.footer.terms).toBe('Terms and Conditions');
    expect(en.nav).toMatchObject({ marketplace: 'Marketplace', shop: 'Shop', exam: 'Exam', signIn: 'Sign in' });
    expect(load('en', 'home').welcome.contactUs).toBe('Contact Us');
    expect(load('en', 'home').steps.cta).toBe('Get started');
  });
});
