import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import type { adminOrdersResponseSchema, adminProductResponseSchema, shipOrderResponseSchema } from '@medallion/contracts/admin-shop';
import type { moderationResponseSchema, promoCodesResponseSchema } from '@medallion/contracts/admin';
import type { examAttemptSchema, saveQuestionResponseSchema, savedQuestionsResponseSchema } from '@medallion/contracts/exam';
import type {
  changeListingStatusResponseSchema,
  listingResponseSchema,
  recordListingViewResponseSchema,
  saveDraftResponseSchema,
} from '@medallion/contracts/listings';
import type { cartItemResponseSchema, cartResponseSchema, productsResponseSchema } from '@medallion/contracts/shop';
import type { createProduct } from '../src/features/admin-shop/api/create-product';
import type { shipOrder } from '../src/features/admin-shop/api/ship-order';
import type { approveListing } from '../src/features/admin/api/approve-listing';
import type { saveDraft } from '../src/features/create-listing/api/save-draft';
import type { toggleSavedQuestion } from '../src/features/exam/api/toggle-saved-question';
import type { changeListingStatus } from '../src/features/listings/api/change-listing-status';
import type { recordListingView } from '../src/features/listings/api/record-listing-view';
import type { addToCart } from '../src/features/shop/api/cart-mutations';
import { ApiClientError } from '../src/lib/api-client';
import type { promoCodesQueryOptions } from '../src/lib/queries/admin';
import { adminOrdersQueryOptions } from '../src/lib/queries/admin';
import { defineQuery, retryOnceUnless } from '../src/lib/queries/define-query';
import type { examAttemptsQueryOptions, savedQuestionsQueryOptions } from '../src/lib/queries/exam';
import { listingQueryOptions } from '../src/lib/queries/listings';
import type { cartQueryOptions } from '../src/lib/queries/shop';
import { productsQueryOptions } from '../src/lib/queries/shop';

/*
 * lib/queries/define-query.ts: how a `…QueryOptions()` is built from a key factory, a fetcher and
 * rules. The type checks (expectTypeOf) fail `npm run typecheck` when a read or a mutation of the
 * web app answers anything but the type the contracts infer from the API's response schema.
 */

let client: QueryClient | undefined;
afterEach(() => client?.clear());

/** The data type a query's options promise (what its key is tagged with). */
type DataOf<T> = T extends { queryFn?: infer F } ? (F extends (...args: never[]) => infer R ? Awaited<R> : never) : never;
/** What a mutation's fetcher resolves to. */
type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

describe('defineQuery', () => {
  it("gives the factory's key and rules, and hands the signal then the arguments to the fetcher", async () => {
    const fetcher = vi.fn((_signal: AbortSignal, id: string, page: number) => Promise.resolve({ id, page }));
    const options = defineQuery((id: string, page: number) => ['things', id, page] as const, fetcher, { staleTime: 1234, retry: false })('a', 2);
    expect(options.queryKey).toEqual(['things', 'a', 2]);
    expect(options.staleTime).toBe(1234);
    expect(options.retry).toBe(false);

    client = new QueryClient();
    await expect(client.fetchQuery(options)).resolves.toEqual({ id: 'a', page: 2 });
    expect(fetcher).toHaveBeenCalledTimes(1);
    const [signal, ...args] = fetcher.mock.calls[0]!;
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(args).toEqual(['a', 2]);
    // The key carries the data type: the cache is read and written typed.
    expectTypeOf(client.getQueryData(options.queryKey)).toEqualTypeOf<{ id: string; page: number } | undefined>();
  });

  it('an optional argument left out stays undefined: the signal never takes its place', async () => {
    const fetcher = vi.fn((_signal: AbortSignal, status?: string) => Promise.resolve(status ?? 'all'));
    const options = defineQuery((status?: string) => ['orders', status ?? 'all'] as const, fetcher)();
    expect(options.queryKey).toEqual(['orders', 'all']);
    client = new QueryClient();
    await expect(client.fetchQuery(options)).resolves.toBe('all');
    expect(fetcher.mock.calls[0]![1]).toBeUndefined();
  });

  it('the same arguments give equal keys, so a component finds what the loader prefetched', () => {
    expect(adminOrdersQueryOptions().queryKey).toEqual(adminOrdersQueryOptions(undefined).queryKey);
    expect(adminOrdersQueryOptions('paid').queryKey).not.toEqual(adminOrdersQueryOptions().queryKey);
    expect(listingQueryOptions('x').queryKey).toEqual(listingQueryOptions('x').queryKey);
  });
});

describe('retryOnceUnless', () => {
  const retry = retryOnceUnless((error) => error instanceof ApiClientError && error.status === 400);

  it('asks once more, unless the error is final', () => {
    expect(retry(0, new ApiClientError(500, 'INTERNAL_ERROR', { message: 'Oops' }))).toBe(true);
    expect(retry(1, new ApiClientError(500, 'INTERNAL_ERROR', { message: 'Oops' }))).toBe(false);
    expect(retry(0, new ApiClientError(400, 'VALIDATION_ERROR', { message: 'Bad' }))).toBe(false);
    expect(retry(0, new Error('network'))).toBe(true);
  });
});

describe('the web reads and writes the contracts’ response types', () => {
  it('queries', () => {
    expectTypeOf<DataOf<ReturnType<typeof productsQueryOptions>>>().toEqualTypeOf<z.infer<typeof productsResponseSchema>>();
    expectTypeOf<DataOf<ReturnType<typeof cartQueryOptions>>>().toEqualTypeOf<z.infer<typeof cartResponseSchema>>();
    expectTypeOf<DataOf<ReturnType<typeof listingQueryOptions>>>().toEqualTypeOf<z.infer<typeof listingResponseSchema>>();
    expectTypeOf<DataOf<ReturnType<typeof promoCodesQueryOptions>>>().toEqualTypeOf<z.infer<typeof promoCodesResponseSchema>>();
    expectTypeOf<DataOf<ReturnType<typeof adminOrdersQueryOptions>>>().toEqualTypeOf<z.infer<typeof adminOrdersResponseSchema>>();
    // Unwrapped lists: the items of the response's data.
    expectTypeOf<DataOf<ReturnType<typeof savedQuestionsQueryOptions>>>().toEqualTypeOf<z.infer<typeof savedQuestionsResponseSchema>['data']['data']>();
    expectTypeOf<DataOf<ReturnType<typeof examAttemptsQueryOptions>>>().toEqualTypeOf<z.infer<typeof examAttemptSchema>[]>();
    expect(productsQueryOptions().queryFn).toBeTypeOf('function');
  });

  it('mutations', () => {
    expectTypeOf<Answer<typeof createProduct>>().toEqualTypeOf<z.infer<typeof adminProductResponseSchema>>();
    expectTypeOf<Answer<typeof shipOrder>>().toEqualTypeOf<z.infer<typeof shipOrderResponseSchema>>();
    expectTypeOf<Answer<typeof approveListing>>().toEqualTypeOf<z.infer<typeof moderationResponseSchema>>();
    expectTypeOf<Answer<typeof saveDraft>>().toEqualTypeOf<z.infer<typeof saveDraftResponseSchema>>();
    expectTypeOf<Answer<typeof toggleSavedQuestion>>().toEqualTypeOf<z.infer<typeof saveQuestionResponseSchema>>();
    expectTypeOf<Answer<typeof changeListingStatus>>().toEqualTypeOf<z.infer<typeof changeListingStatusResponseSchema>>();
    expectTypeOf<Answer<typeof recordListingView>>().toEqualTypeOf<z.infer<typeof recordListingViewResponseSchema>>();
    expectTypeOf<Answer<typeof addToCart>>().toEqualTypeOf<z.infer<typeof cartItemResponseSchema>>();
  });
});
