import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = new URL('../src', import.meta.url).pathname;
const localesRoot = join(src, 'locales', 'en');

/** The text of every .ts/.tsx file of the web app (the locales themselves excluded). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [readFileSync(path, 'utf8')] : [];
  });
}

/** Key paths of a namespace, plural suffixes folded (t('x', { count }) reads x_one, x_other). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('locale keys', () => {
  const code = sources(src).join('\n');

  /**
   * A key is read when its path is written in the code, or when one of its parents is followed by a
   * built part (t(`status.${value}`)). The message catalogue (common:messages) is read by key from the
   * API's answers and checked against the contracts in locales.test.ts.
   */
  const isRead = (path: string) => {
    if (code.includes(path)) return true;
    const parts = path.split('.');
    return parts.slice(1).some((_part, i) => new RegExp(`${escape(parts.slice(0, i + 1).join('.'))}\\.\\$\\{`).test(code));
  };

  it.each(readdirSync(localesRoot).map((f) => f.replace(/\.json$/, '')))('has no key in %s that no source reads', (ns) => {
    const all = keyPaths(JSON.parse(readFileSync(join(localesRoot, `${ns}.json`), 'utf8')));
    const unread = all.filter((path) => !(ns === 'common' && path.startsWith('messages.')) && !isRead(path));
    expect(unread).toEqual([]);
  });

  it('finds a key that nothing reads', () => {
    expect(isRead('comingSoon.features.examCheckout')).toBe(false);
    expect(isRead('orders.status.paid')).toBe(true);
  });
});
