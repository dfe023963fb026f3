import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@medallion/contracts/validation';

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

  it('translates every validation message of the contracts', () => {
    for (const lng of ['en', 'ru']) {
      expect(Object.keys(load(lng, 'common').validation).sort()).toEqual(Object.keys(VALIDATION_MESSAGES).sort());
    }
    expect(load('en', 'common').validation).toEqual(VALIDATION_MESSAGES);
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
