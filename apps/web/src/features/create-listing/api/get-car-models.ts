import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarModel } from '@medallion/contracts/listings';
import { apiFetch } from '@/lib/api-client';

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
