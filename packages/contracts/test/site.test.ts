import { describe, expect, it } from 'vitest';
import { APP_ROUTE_PATTERNS, DEV_MAILBOX_ROUTE, isAppRoute, matchesRoutePattern } from '../src/site';

describe('client routes', () => {
  it('lists the 15 routes of the spec', () => {
    expect(APP_ROUTE_PATTERNS).toHaveLength(15);
  });

  it('matches exact paths and a trailing slash', () => {
    expect(isAppRoute('/')).toBe(true);
    expect(isAppRoute('/marketplace')).toBe(true);
    expect(isAppRoute('/marketplace/')).toBe(true);
    expect(isAppRoute('/success-setup-intent')).toBe(true);
  });

  it('matches /listing/{id} only with an id', () => {
    expect(matchesRoutePattern('/listing/:listingId', '/listing/abc-123')).toBe(true);
    expect(isAppRoute('/listing')).toBe(false);
    expect(isAppRoute('/listing/')).toBe(false);
    expect(isAppRoute('/listing/a/b')).toBe(false);
  });

  it('rejects unknown paths and sub-paths', () => {
    expect(isAppRoute('/nope')).toBe(false);
    expect(isAppRoute('/terms/extra')).toBe(false);
    expect(isAppRoute('/Terms')).toBe(false);
  });

  it('knows the dev mailbox only when asked', () => {
    expect(isAppRoute(DEV_MAILBOX_ROUTE)).toBe(false);
    expect(isAppRoute(DEV_MAILBOX_ROUTE, [DEV_MAILBOX_ROUTE])).toBe(true);
  });
});
