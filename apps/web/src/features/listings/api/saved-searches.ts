import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSavedSearchRequest,
  DeleteSavedSearchResponse,
  SavedSearchesResponse,
  SavedSearchResponse,
  UpdateSavedSearchRequest,
} from '@medallion/contracts/saved';
import { apiFetch } from '@/lib/api-client';
import { savedKeys } from '@/lib/queries/saved';

/** POST /saved-searches: the current filters and a name. */
export function createSavedSearch(body: CreateSavedSearchRequest): Promise<SavedSearchResponse> {
  return apiFetch<SavedSearchResponse>('/saved-searches', { method: 'POST', body });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedKeys.searches() }),
  });
}

/** PATCH /saved-searches/{id}: e-mail alerts on or off. */
export function updateSavedSearch(searchId: string, body: UpdateSavedSearchRequest): Promise<SavedSearchResponse> {
  return apiFetch<SavedSearchResponse>(`/saved-searches/${encodeURIComponent(searchId)}`, { method: 'PATCH', body });
}

/** The switch moves at once and back if the call fails. */
export function useSetSearchAlerts() {
  const queryClient = useQueryClient();
  const setNotify = (searchId: string, notify: boolean) =>
    queryClient.setQueryData<SavedSearchesResponse>(savedKeys.searches(), (old) =>
      old ? { data: { searches: old.data.searches.map((s) => (s.search_id === searchId ? { ...s, notify } : s)) } } : old,
    );
  return useMutation({
    mutationFn: (input: { searchId: string; notify: boolean }) => updateSavedSearch(input.searchId, { notify: input.notify }),
    onMutate: async ({ searchId, notify }) => {
      await queryClient.cancelQueries({ queryKey: savedKeys.searches() });
      setNotify(searchId, notify);
    },
    onError: (_error, { searchId, notify }) => setNotify(searchId, !notify),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedKeys.searches() }),
  });
}

/** DELETE /saved-searches/{id}. */
export function deleteSavedSearch(searchId: string): Promise<DeleteSavedSearchResponse> {
  return apiFetch<DeleteSavedSearchResponse>(`/saved-searches/${encodeURIComponent(searchId)}`, { method: 'DELETE' });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedKeys.searches() }),
  });
}
