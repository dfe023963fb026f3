import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DecodeVinResponse } from '@medallion/contracts/cars';
import type { CarMake, CarModel } from '@medallion/contracts/listings';
import { ApiClientError, apiFetch } from '@/lib/api-client';

/*
 * Reads of the cars API (modules/cars): makes and models (offline NHTSA vPIC data on the server),
 * shared by the marketplace filters and the create-listing form, and the VIN decoder. The answers
 * never change while the app runs, so they are cached for good.
 */

/** Query keys of the cars domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const carKeys = {
  all: ['cars'] as const,
  makes: () => [...carKeys.all, 'makes'] as const,
  models: (makeId: string) => [...carKeys.all, 'models', makeId] as const,
  decodedVin: (vin: string) => [...carKeys.all, 'decode-vin', vin.toUpperCase()] as const,
};

/** GET /cars/makes: a plain list of {make_id, make_name}. */
export function getCarMakes(signal?: AbortSignal): Promise<CarMake[]> {
  return apiFetch<CarMake[]>('/cars/makes', { signal });
}

export function carMakesQueryOptions() {
  return queryOptions({
    queryKey: carKeys.makes(),
    queryFn: ({ signal }) => getCarMakes(signal),
    staleTime: Infinity,
  });
}

export function useCarMakes(enabled: boolean) {
  return useQuery({ ...carMakesQueryOptions(), enabled });
}

/** GET /cars/models-by-make-id?make-id=N: a plain list of {model_id, model_name}. */
export function getCarModels(makeId: string, signal?: AbortSignal): Promise<CarModel[]> {
  return apiFetch<CarModel[]>('/cars/models-by-make-id', { query: { 'make-id': makeId }, signal });
}

export function carModelsQueryOptions(makeId: string) {
  return queryOptions({
    queryKey: carKeys.models(makeId),
    queryFn: ({ signal }) => getCarModels(makeId, signal),
    staleTime: Infinity,
  });
}

export function useCarModels(makeId: string) {
  return useQuery({ ...carModelsQueryOptions(makeId), enabled: /^\d+$/.test(makeId) });
}

/** GET /cars/decode-vin?vin=: make, model, year… of a valid VIN; 400 with fields.vin when it is not valid. */
export function decodeVin(vin: string, signal?: AbortSignal): Promise<DecodeVinResponse> {
  return apiFetch<DecodeVinResponse>('/cars/decode-vin', { query: { vin }, signal });
}

export function decodeVinQueryOptions(vin: string) {
  return queryOptions({
    queryKey: carKeys.decodedVin(vin),
    queryFn: ({ signal }) => decodeVin(vin, signal),
    staleTime: Infinity,
    retry: (count, error) => count < 1 && !(error instanceof ApiClientError && error.status === 400),
  });
}
