import { describe, expect, it } from 'vitest';
import { signInPath } from '@/lib/sign-in-path';

describe('signInPath', () => {
  it('carries a path of this site to /login as ?redirect=', () => {
    expect(signInPath('/listing/abc')).toBe('/login?redirect=%2Flisting%2Fabc');
    expect(signInPath('/shop#product-p1')).toBe('/login?redirect=%2Fshop%23product-p1');
    expect(signInPath('/marketplace?category=cars&page=2')).toBe('/login?redirect=%2Fmarketplace%3Fcategory%3Dcars%26page%3D2');
  });

  it('gives plain /login for the home page, /login itself and anything refused', () => {
    for (const back of ['/', '/login', '/login?redirect=%2Fcart', '//evil.example', 'https://evil.example', '/%2F%2Fevil', '']) {
      expect(signInPath(back)).toBe('/login');
    }
  });
});
