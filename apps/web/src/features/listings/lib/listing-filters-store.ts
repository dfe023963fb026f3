import { useSyncExternalStore } from 'react';
import { emptyListingFilters } from '@medallion/contracts/listing-filters';
import type { StoredListingFilters } from '@medallion/contracts/listings';

export interface ListingFiltersState {
  /** What the filter form shows (edited, not yet searched). */
  draft: StoredListingFilters;
  /** What the last search used; mirrored in the URL query with the page. */
  applied: StoredListingFilters;
  page: number;
}

type Listener = () => void;

function createListingFiltersStore() {
  let state: ListingFiltersState = { draft: emptyListingFilters(), applied: emptyListingFilters(), page: 1 };
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    getState: (): ListingFiltersState => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Edits fields of the form. */
    setDraft(patch: Partial<StoredListingFilters>) {
      state = { ...state, draft: { ...state.draft, ...patch } };
      emit();
    },
    /** A search (or the URL) decided the filters and the page; the form shows them too. */
    apply(applied: StoredListingFilters, page: number, syncDraft = true) {
      state = { draft: syncDraft ? { ...applied } : state.draft, applied: { ...applied }, page };
      emit();
    },
    /** Clears the filters; the order of the results stays as chosen. */
    reset() {
      const sort = state.applied.sort;
      state = { draft: { ...emptyListingFilters(), sort }, applied: { ...emptyListingFilters(), sort }, page: 1 };
      emit();
    },
  };
}

/**
 * The shared client store `listingFilters`: a module-level store, so the filters survive
 * navigating away from the marketplace and back within the visit.
 */
export const listingFilters = createListingFiltersStore();

export function useListingFilters(): ListingFiltersState {
  return useSyncExternalStore(listingFilters.subscribe, listingFilters.getState, listingFilters.getState);
}
