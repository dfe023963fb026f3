import { useQuery } from '@tanstack/react-query';
import type { DecodeVinResponse } from '@medallion/contracts/cars';
import type { CarMakesResponse, CarModelsResponse } from '@medallion/contracts/listings';
import { ApiClientError, apiFetch } from '@/lib/api-client';
import { defineQuery, getJson, retryOnceUnless } from './define-query';

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
export const getCarMakes = getJson<CarMakesResponse>('/cars/makes');
export const carMakesQueryOptions = defineQuery(carKeys.makes, getCarMakes, { staleTime: Infinity });
export const useCarMakes = (enabled: boolean) => useQuery({ ...carMakesQueryOptions(), enabled });

/** GET /cars/models-by-make-id?make-id=N: a plain list of {model_id, model_name}. */
export function getCarModels(makeId: string, signal?: AbortSignal): Promise<CarModelsResponse> {
  return apiFetch<CarModelsResponse>('/cars/models-by-make-id', { query: { 'make-id': makeId }, signal });
}
export const carModelsQueryOptions = defineQuery(carKeys.models, (signal, makeId: string) => getCarModels(makeId, signal), { staleTime: Infinity });
export const useCarModels = (makeId: string) => useQuery({ ...carModelsQueryOptions(makeId), enabled: /^\d+$/.test(makeId) });

/** GET /cars/decode-vin?vin=: make, model, year… of a valid VIN; 400 with fields.vin when it is not valid. */
export function decodeVin(vin: string, signal?: AbortSignal): Promise<DecodeVinResponse> {
  return apiFetch<DecodeVinResponse>('/cars/decode-vin', { query: { vin }, signal });
}

export const decodeVinQueryOptions = defineQuery(carKeys.decodedVin, (signal, vin: string) => decodeVin(vin, signal), {
  staleTime: Infinity,
  // An invalid VIN (400) will not get better by asking again.
  retry: retryOnceUnless((error) => error instanceof ApiClientError && error.status === 400),
});
