import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarMake, CarModel } from '@medallion/contracts/listings';
import { apiFetch } from '@/lib/api-client';

/*
 * Car makes and models (offline NHTSA vPIC data on the server), shared by the marketplace filters
 * and the create-listing form. Lists never change while the app runs, so they are cached for good.
 */

/** GET /cars/makes: a plain list of {make_id, make_name}. */
export function getCarMakes(signal?: AbortSignal): Promise<CarMake[]> {
  return apiFetch<CarMake[]>('/cars/makes', { signal });
}

export const carMakesQueryOptions = queryOptions({
  queryKey: ['cars', 'makes'],
  queryFn: ({ signal }) => getCarMakes(signal),
  staleTime: Infinity,
});

export function useCarMakes(enabled: boolean) {
  return useQuery({ ...carMakesQueryOptions, enabled });
}

/** GET /cars/models-by-make-id?make-id=N: a plain list of {model_id, model_name}. */
export function getCarModels(makeId: string, signal?: AbortSignal): Promise<CarModel[]> {
  return apiFetch<CarModel[]>('/cars/models-by-make-id', { query: { 'make-id': makeId }, signal });
}

export function carModelsQueryOptions(makeId: string) {
  return queryOptions({
    queryKey: ['cars', 'models', makeId],
    queryFn: ({ signal }) => getCarModels(makeId, signal),
    staleTime: Infinity,
  });
}

export function useCarModels(makeId: string) {
  return useQuery({ ...carModelsQueryOptions(makeId), enabled: /^\d+$/.test(makeId) });
}
