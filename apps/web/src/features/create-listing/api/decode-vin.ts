import { queryOptions } from '@tanstack/react-query';
import type { DecodeVinResponse } from '@medallion/contracts/cars';
import { ApiClientError, apiFetch } from '@/lib/api-client';

/** GET /cars/decode-vin?vin=: make, model, year… of a valid VIN; 400 with fields.vin when it is not valid. */
export function decodeVin(vin: string, signal?: AbortSignal): Promise<DecodeVinResponse> {
  return apiFetch<DecodeVinResponse>('/cars/decode-vin', { query: { vin }, signal });
}

export function decodeVinQueryOptions(vin: string) {
  return queryOptions({
    queryKey: ['cars', 'decode-vin', vin.toUpperCase()],
    queryFn: ({ signal }) => decodeVin(vin, signal),
    staleTime: Infinity,
    retry: (count, error) => count < 1 && !(error instanceof ApiClientError && error.status === 400),
  });
}
