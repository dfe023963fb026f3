import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue #30: texts the spec quotes with an obvious misspelling are shown corrected, as "Verifyd" is shown
 * "Verified". (Values of the API, such as the cart status COMPLEATED, stay as the spec spells them.)
 */
const root = new URL('../src/locales', import.meta.url).pathname;
const en = (ns: string): unknown => JSON.parse(readFileSync(join(root, 'en', `${ns}.json`), 'utf8'));

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe("the spec's texts, spelled right", () => {
  it.each([
    ['exam', 'result.passed', 'Congratulations!'],
    ['payments', 'empty', 'No payment methods yet.'],
    ['dashboard', 'empty.settings', 'No payment methods yet.'],
    ['listings', 'card.verified', 'Verified'],
  ] as const)('%s:%s is "%s"', (ns, path, text) => {
    expect(path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], en(ns))).toBe(text);
  });

  it('no English text keeps a misspelled form of the spec', () => {
    const all = readdirSync(join(root, 'en')).flatMap((f) => strings(JSON.parse(readFileSync(join(root, 'en', f), 'utf8'))));
    const misspelled = all.filter((s) => /Congratulation(?!s)|payments method|Verifyd/.test(s));
    expect(misspelled).toEqual([]);
  });
});
