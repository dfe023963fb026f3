import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClientError } from '../src/lib/api-client';
import { adminKeys } from '../src/lib/queries/admin';
import { authKeys } from '../src/lib/queries/auth';
import { carKeys } from '../src/lib/queries/cars';
import { devMailKeys } from '../src/lib/queries/dev-mail';
import { examKeys } from '../src/lib/queries/exam';
import { listingKeys, listingQueryOptions, listingsQueryOptions, suggestedLocationsQueryOptions } from '../src/lib/queries/listings';
import { paymentKeys, stripeJsKeys } from '../src/lib/queries/payments';
import { shopKeys } from '../src/lib/queries/shop';
import { userKeys } from '../src/lib/queries/users';

/*
 * The key factories of lib/queries: a domain (`all`) or a sub-tree is invalidated by its prefix, on a
 * real QueryClient. The modules are imported here without a DOM (the web project runs in node), as
 * route loaders will import them for server-side rendering.
 */

let queryClient: QueryClient;

function client(): QueryClient {
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  return queryClient;
}

afterEach(() => queryClient?.clear());

/** Whether the cached query at exactly this key is stale (no observers: invalidated or without data). */
function isStale(key: QueryKey): boolean {
  const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
  if (!query) throw new Error(`no query at ${JSON.stringify(key)}`);
  return query.isStale();
}

function seed(keys: QueryKey[]) {
  for (const key of keys) queryClient.setQueryData(key, { data: key });
  for (const key of keys) expect(isStale(key), JSON.stringify(key)).toBe(false);
}

describe('listingKeys', () => {
  const detail = listingKeys.detail('listing-1');
  const list = listingKeys.list({ category: 'cars' }, 2);
  const firstPage = listingKeys.list({}, 1);
  const mine = listingKeys.mine();

  it('invalidating listingKeys.all marks a detail and a list query stale', async () => {
    client();
    seed([detail, list, mine]);
    await queryClient.invalidateQueries({ queryKey: listingKeys.all });
    expect(isStale(detail)).toBe(true);
    expect(isStale(list)).toBe(true);
    expect(isStale(mine)).toBe(true);
  });

  it('invalidating lists() marks every marketplace page stale and leaves the details and my listings fresh', async () => {
    client();
    seed([detail, list, firstPage, mine]);
    await queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
    expect(isStale(list)).toBe(true);
    expect(isStale(firstPage)).toBe(true);
    expect(isStale(detail)).toBe(false);
    expect(isStale(mine)).toBe(false);
  });

  it('invalidating one detail leaves the other listings fresh', async () => {
    client();
    const other = listingKeys.detail('listing-2');
    seed([detail, other, list]);
    await queryClient.invalidateQueries({ queryKey: listingKeys.detail('listing-1') });
    expect(isStale(detail)).toBe(true);
    expect(isStale(other)).toBe(false);
    expect(isStale(list)).toBe(false);
  });

  it('the query options carry the factory keys', () => {
    expect(listingQueryOptions('listing-1').queryKey).toEqual(detail);
    expect(listingsQueryOptions({ category: 'cars' }, 2).queryKey).toEqual(list);
    expect(suggestedLocationsQueryOptions('  Brooklyn ').queryKey).toEqual(listingKeys.location('brooklyn'));
  });

  it('a missing listing (404, 400) is not asked again; anything else once', () => {
    const retry = listingQueryOptions('x').retry as (count: number, error: unknown) => boolean;
    expect(retry(0, new ApiClientError(404, 'NOT_FOUND', { message: 'Listing not found' }))).toBe(false);
    expect(retry(0, new ApiClientError(400, 'VALIDATION_ERROR', { message: 'Bad id' }))).toBe(false);
    expect(retry(0, new ApiClientError(500, 'INTERNAL_ERROR', { message: 'Oops' }))).toBe(true);
    expect(retry(1, new ApiClientError(500, 'INTERNAL_ERROR', { message: 'Oops' }))).toBe(false);
  });
});

describe('other domains', () => {
  it('examKeys.all covers the questions, the saved list and each attempt; attempts() covers each attempt', async () => {
    client();
    const attempt = examKeys.attempt('a-1');
    seed([examKeys.questions(), examKeys.saved(), examKeys.attempts(), attempt]);
    await queryClient.invalidateQueries({ queryKey: examKeys.attempts() });
    expect(isStale(attempt)).toBe(true);
    expect(isStale(examKeys.questions())).toBe(false);
    await queryClient.invalidateQueries({ queryKey: examKeys.all });
    expect(isStale(examKeys.questions())).toBe(true);
    expect(isStale(examKeys.saved())).toBe(true);
  });

  it('adminKeys.orders() covers the list of every status and each one, not the products', async () => {
    client();
    seed([adminKeys.orderList(), adminKeys.orderList('paid'), adminKeys.products()]);
    await queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
    expect(isStale(adminKeys.orderList())).toBe(true);
    expect(isStale(adminKeys.orderList('paid'))).toBe(true);
    expect(isStale(adminKeys.products())).toBe(false);
  });

  it('every key of a domain starts with its `all`, and no two domains share a root', () => {
    const domains = {
      admin: [
        adminKeys,
        [
          adminKeys.overview(),
          adminKeys.reviewListings(),
          adminKeys.examQuestions(),
          adminKeys.examReports(),
          adminKeys.promoCodes(),
          adminKeys.products(),
          adminKeys.orderList('paid'),
        ],
      ],
      auth: [authKeys, [authKeys.session(), authKeys.providers()]],
      cars: [carKeys, [carKeys.makes(), carKeys.models('440'), carKeys.decodedVin('1hgcm82633a004352')]],
      devMail: [devMailKeys, [devMailKeys.messages()]],
      exam: [examKeys, [examKeys.questions(), examKeys.saved(), examKeys.reported(), examKeys.attempts(), examKeys.attempt('a')]],
      listings: [listingKeys, [listingKeys.list({}, 1), listingKeys.detail('x'), listingKeys.mine(), listingKeys.location('10001')]],
      payments: [paymentKeys, [paymentKeys.methods()]],
      shop: [shopKeys, [shopKeys.products(), shopKeys.cart(), shopKeys.orders()]],
      stripeJs: [stripeJsKeys, [stripeJsKeys.script('https://js.stripe.com/v3/')]],
      users: [userKeys, [userKeys.me()]],
    } as const;
    const roots = Object.values(domains).map(([keys]) => keys.all[0]);
    expect(new Set(roots).size).toBe(roots.length);
    for (const [name, [keys, samples]] of Object.entries(domains)) {
      for (const key of samples) expect(key.slice(0, keys.all.length), name).toEqual([...keys.all]);
    }
  });
});
