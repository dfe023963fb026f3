import { queryOptions, type DefaultError, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/*
 * The shapes every read of lib/queries shares: a fetcher on apiFetch typed with the contract's
 * response, and query options built from a key factory, that fetcher and the query's own rules.
 */

/** A query's own rules (staleTime, retry, refetching…): everything but its key and its fetcher. */
export type QueryRules<TData, TKey extends QueryKey> = Omit<UseQueryOptions<TData, DefaultError, TData, TKey>, 'queryKey' | 'queryFn'>;

/** The fetcher of a GET without parameters whose answer is the contract's response as sent. */
export function getJson<T>(path: string): (signal?: AbortSignal) => Promise<T> {
  return (signal) => apiFetch<T>(path, { signal });
}

/**
 * The `…QueryOptions()` of one GET: called with the key factory's arguments, it gives the factory's
 * key, a query function that hands the abort signal and the same arguments to the fetcher (the
 * signal first, so an optional argument left out never takes its place), and the rules. The key
 * carries the data type, so `setQueryData(options.queryKey, …)` is typed.
 */
export function defineQuery<TArgs extends unknown[], TData, TKey extends QueryKey>(
  key: (...args: TArgs) => TKey,
  fetcher: (signal: AbortSignal, ...args: TArgs) => Promise<TData>,
  rules: QueryRules<TData, TKey> = {},
) {
  return (...args: TArgs) => queryOptions({ ...rules, queryKey: key(...args), queryFn: ({ signal }) => fetcher(signal, ...args) });
}

/** A retry rule: one more try, unless the error is one that asking again will not change. */
export function retryOnceUnless(isFinal: (error: unknown) => boolean): (failureCount: number, error: unknown) => boolean {
  return (failureCount, error) => failureCount < 1 && !isFinal(error);
}
