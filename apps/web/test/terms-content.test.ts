import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listPosition } from '@/features/terms/components/terms-document';

interface Terms {
  lastUpdated: string;
  sections: { id: string; title: string; paragraphs: string[]; items?: string[] }[];
}
const load = (lng: string) => JSON.parse(readFileSync(new URL(`../src/locales/${lng}/terms.json`, import.meta.url), 'utf8')) as Terms;
const all = (t: Terms) => t.sections.flatMap((s) => [s.title, ...s.paragraphs, ...(s.items ?? [])]).join('\n');

describe('terms content', () => {
  const en = load('en');
  const ru = load('ru');

  it('has 30 sections, the same ids in both languages', () => {
    expect(en.sections).toHaveLength(30);
    expect(ru.sections.map((s) => s.id)).toEqual(en.sections.map((s) => s.id));
    expect(new Set(en.sections.map((s) => s.id)).size).toBe(30);
  });

  it('is dated October 14, 2023', () => {
    expect(en.lastUpdated).toBe('Last updated October 14, 2023');
    expect(ru.lastUpdated).toContain('14 октября 2023');
  });

  it('covers the topics of the spec', () => {
    const ids = en.sections.map((s) => s.id);
    for (const id of [
      'services',
      'intellectual-property',
      'user-representations',
      'user-registration',
      'products',
      'purchases-payment',
      'return-policy',
      'prohibited-activities',
      'user-contributions',
      'review-guidelines',
      'social-media',
      'third-party-websites',
      'advertisers',
      'privacy-policy',
      'term-termination',
      'governing-law',
      'dispute-resolution',
      'limitation-of-liability',
      'contact-us',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('states the business terms of the spec', () => {
    const text = all(en);
    expect(text).toMatch(/18 years/);
    expect(text).toMatch(/US dollars|U\.S\. dollars/);
    for (const card of ['Visa', 'Mastercard', 'American Express', 'Discover']) expect(text).toContain(card);
    expect(text).toMatch(/State of New York/);
    expect(text).toMatch(/30 days/);
    expect(text).toMatch(/1 \(one\) year|one \(1\) year|\b1 year|one year/i);
    expect(text).toMatch(/Kings County/);
    expect(text).toMatch(/career roadmap/i);
  });
});

describe('listPosition', () => {
  it('puts a list after the paragraph that introduces it with a colon', () => {
    expect(listPosition(['Intro:', 'After'])).toBe(1);
    expect(listPosition(['First', 'You agree that:', 'Last'])).toBe(2);
    expect(listPosition(['No colon here', 'Nor here'])).toBe(2);
  });
});
