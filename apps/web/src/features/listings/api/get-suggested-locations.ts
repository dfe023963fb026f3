import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOCATION_SUGGESTION_LIMIT } from '@medallion/contracts/listing-filters';
import type { LocationSuggestion } from '@medallion/contracts/listings';
import { ApiClientError, apiFetch } from '@/lib/api-client';

export interface SuggestedLocationsResponse {
  data: LocationSuggestion[];
}

/** Digits only are a zip code, anything else a city name (spec §5). */
export function locationQuery(text: string): { zip_code: string } | { city: string } {
  const value = text.trim();
  return /^\d+$/.test(value) ? { zip_code: value } : { city: value };
}

/** GET /listing/suggested-locations?limit=5&zip_code=… or &city=…; 400 means nothing matches. */
export function getSuggestedLocations(text: string, signal?: AbortSignal): Promise<SuggestedLocationsResponse> {
  return apiFetch<SuggestedLocationsResponse>('/listing/suggested-locations', {
    query: { limit: LOCATION_SUGGESTION_LIMIT, ...locationQuery(text) },
    signal,
  });
}

export function isLocationNotFound(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 400;
}

export function suggestedLocationsQueryOptions(text: string) {
  return queryOptions({
    queryKey: ['listings', 'locations', text.trim().toLowerCase()],
    queryFn: ({ signal }) => getSuggestedLocations(text, signal),
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 1 && !isLocationNotFound(error),
  });
}

export function useSuggestedLocations(text: string, enabled: boolean) {
  return useQuery({ ...suggestedLocationsQueryOptions(text), enabled: enabled && text.trim() !== '' });
}
