import { describe, expect, it } from 'vitest';
import { AFTER_SIGN_IN_DEFAULT, AFTER_SIGN_IN_REFUSED, REDIRECT_TARGET_MAX_LENGTH, safeRedirect, sameSitePath } from '../src/safe-redirect';

/** Paths of this site that sign-in returns to, and the path it goes to for each. */
const GOOD: [string, string][] = [
  ['/', '/'],
  ['/dashboard', '/dashboard'],
  ['/dashboard?tab=saved', '/dashboard?tab=saved'],
  ['/listing/3f6c1a2e-8d4b-4f6a-9c1e-2b7d5e8f0a11', '/listing/3f6c1a2e-8d4b-4f6a-9c1e-2b7d5e8f0a11'],
  ['/shop#product-abc', '/shop#product-abc'],
  ['/exam?practice=5', '/exam?practice=5'],
  ['/marketplace?category=cars&location=New%20York&make=Toyota', '/marketplace?category=cars&location=New%20York&make=Toyota'],
  // An encoded slash in the query (a nested target) is not a path trick.
  ['/success-setup-intent?from=%2Fcart', '/success-setup-intent?from=%2Fcart'],
  ['/create-listing', '/create-listing'],
  // Dot segments are resolved the way a browser would.
  ['/./marketplace', '/marketplace'],
  ['/steps/../terms', '/terms'],
  // Not a scheme: a path whose first segment has a colon.
  ['/javascript:alert(1)', '/javascript:alert(1)'],
  ['/loginpage', '/loginpage'],
];

/** Targets of another site, script URLs and the tricks that turn a path into one. */
const EVIL: unknown[] = [
  'https://evil.example',
  'http://evil.example/dashboard',
  'HTTPS://evil.example',
  'https:evil.example',
  '//evil.example',
  '//evil.example/dashboard',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/path\\..\\..\\evil',
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'evil.example',
  'dashboard',
  './dashboard',
  '../dashboard',
  '?redirect=//evil.example',
  '#/evil',
  // Encoded separators, once or twice.
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '/%2F/evil.example',
  '/%252F%252Fevil.example',
  '/%25252F%25252Fevil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%255Cevil.example',
  '%2F%2Fevil.example',
  '/%2e%2e/%2F/evil.example',
  // Whitespace and control characters that browsers drop or a header would split on.
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/%09/evil.example',
  '/%0d%0aSet-Cookie:x=1',
  '/dashboard\u0000',
  '/%00',
  '/\u2028/evil.example',
  ' /dashboard',
  '/dashboard ',
  // Malformed encoding.
  '/%E0%A4%A',
  '/%',
  // Normalized into a protocol-relative path by a URL parser.
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  // Pages that are no way back, and the API.
  '/login',
  '/login?redirect=/dashboard',
  '/LOGIN',
  '/login/',
  '/auth?code=x&state=y',
  '/api/auth/sign-out',
  // Too long, or not a string at all.
  `/${'a'.repeat(REDIRECT_TARGET_MAX_LENGTH)}`,
  42,
  {},
  ['/dashboard'],
];

describe('safeRedirect', () => {
  it.each(GOOD)('returns to %s', (target, expected) => {
    expect(sameSitePath(target)).toBe(expected);
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each(EVIL.map((value) => [JSON.stringify(value), value]))('refuses %s and goes to the dashboard', (_, target) => {
    expect(sameSitePath(target)).toBeNull();
    if (typeof target === 'string') expect(safeRedirect(target)).toBe(AFTER_SIGN_IN_REFUSED);
  });

  it('goes home without a target', () => {
    for (const none of [null, undefined, '']) expect(safeRedirect(none)).toBe(AFTER_SIGN_IN_DEFAULT);
    expect(AFTER_SIGN_IN_DEFAULT).toBe('/');
    expect(AFTER_SIGN_IN_REFUSED).toBe('/dashboard');
  });

  it('only ever answers a path of this site', () => {
    for (const value of [...GOOD.map(([target]) => target), ...EVIL]) {
      const path = typeof value === 'string' ? safeRedirect(value) : (sameSitePath(value) ?? AFTER_SIGN_IN_REFUSED);
      expect(path.startsWith('/') && !path.startsWith('//') && !path.includes('\\')).toBe(true);
      expect(new URL(path, 'https://medallion.example').origin).toBe('https://medallion.example');
    }
  });
});
