import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarMake } from '@medallion/contracts/listings';
import { apiFetch } from '@/lib/api-client';

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
