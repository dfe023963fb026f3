import { SearchX } from 'lucide-react';
import {
  DEFAULT_LISTING_SORT,
  filtersToQuery,
  lastReachablePage,
  MARKETPLACE_PAGE_SIZE,
  SEARCH_COUNT_CAP,
  type ListingSort,
} from '@medallion/contracts/listing-filters';
import type { StoredListingFilters } from '@medallion/contracts/listings';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigationType, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiClientError } from '@/lib/api-client';
import { errorText, fieldErrorTexts, messageText } from '@/lib/error-text';
import { useListings, type PageCursor } from '@/lib/queries/listings';
import {
  activeFilterCount,
  cursorFromParams,
  filtersFromParams,
  hasSearchParams,
  PAGE_CURSOR_KEYS,
  pageFromParams,
  searchToParams,
  sortOf,
} from '../lib/filter-params';
import { listingFilters, useListingFilters } from '../lib/listing-filters-store';
import { FiltersSheet } from './filters-sheet';
import { ListingCard, ListingCardSkeleton } from './listing-card';
import { ListingFiltersForm } from './listing-filters-form';
import { Pagination, type PageStep } from './pagination';
import { SaveSearchButton } from './save-search-button';
import { SortSelect } from './sort-select';

const GRID = 'grid grid-cols-[repeat(auto-fill,minmax(15.5rem,1fr))] gap-4';
/** Two rows of three on a laptop, more than a phone's screen. */
const SKELETON_CARDS = 6;

/** Cards on a phone's or a laptop's first screen: their pictures are fetched at once, the rest when scrolled to. */
const FIRST_SCREEN_CARDS = 3;

const PAGE_PARAMS: ReadonlySet<string> = new Set(['page', ...PAGE_CURSOR_KEYS]);

/**
 * The server's word on a 400 about the page rather than the filters (a page link whose cursor is bad or
 * stale, a page past the first SEARCH_COUNT_CAP matches), in the user's language; undefined for any
 * other answer, and when a filter is wrong too (the form shows that, and page 1 would fail as well).
 */
function pageProblemText(error: unknown): string | undefined {
  if (!(error instanceof ApiClientError) || error.status !== 400) return undefined;
  const fields = Object.entries(error.fields ?? {});
  if (fields.some(([path]) => !PAGE_PARAMS.has(path))) return undefined;
  const problem = fields[0]?.[1];
  if (problem) return messageText(problem);
  // The same problem told without a field (a cursor the server could not follow).
  return error.key === 'filterCursor' || error.key === 'filterPageTooDeep' ? errorText(error) : undefined;
}

/**
 * The marketplace: filters beside the list (a sheet on phones), 20 cards a page from the server.
 * The applied search lives in the URL (?filters&page=N) and in the `listingFilters` store, so a
 * reload, a shared link and coming back from a listing all restore it. Previous and Next also carry
 * the answer's cursor (&after= / &before=), so the server reads the next page by keyset; the store
 * keeps no cursor (a restored page is read by its position).
 */
export function Marketplace() {
  const { t } = useTranslation('listings');
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const store = useListingFilters();
  const listRef = useRef<HTMLHeadingElement>(null);

  // A plain /marketplace link (the header's) brings back this visit's search from the store;
  // Back/Forward and reloads follow the URL as it is.
  const navigationType = useNavigationType();
  const storeParams = searchToParams(store.applied, store.page);
  const restoreFromStore = navigationType !== 'POP' && !hasSearchParams(params) && hasSearchParams(storeParams);
  const urlFilters = useMemo(() => filtersFromParams(params), [params]);
  const urlPage = pageFromParams(params);
  const applied = restoreFromStore ? store.applied : urlFilters;
  const page = restoreFromStore ? store.page : urlPage;
  const cursor: PageCursor = restoreFromStore ? {} : cursorFromParams(params);
  const query = useMemo(() => filtersToQuery(applied), [applied]);

  useLayoutEffect(() => {
    if (restoreFromStore) {
      setParams(storeParams, { replace: true, preventScrollReset: true });
      return;
    }
    // A link, a reload or Back/Forward: the store (and the form) follow the URL.
    const state = listingFilters.getState();
    const current = searchToParams(state.applied, 1).toString();
    const next = searchToParams(urlFilters, 1).toString();
    if (current !== next || state.page !== urlPage) listingFilters.apply(urlFilters, urlPage, current !== next);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the URL changes
  }, [params]);

  const listings = useListings(query, page, cursor);
  const result = listings.data?.data;
  // Past SEARCH_COUNT_CAP matches only the first pages are served: the count says "10,000+".
  const pageCount = result ? lastReachablePage(result.total, MARKETPLACE_PAGE_SIZE) : 0;

  useEffect(() => {
    // A failed load is only logged; the list then says nothing was found.
    if (listings.isError) console.error('Loading the marketplace failed', listings.error);
  }, [listings.isError, listings.error]);
  const serverErrors = listings.error instanceof ApiClientError && listings.error.status === 400 ? fieldErrorTexts(listings.error) : undefined;
  const pageProblem = pageProblemText(listings.error);

  /**
   * After a new page or search, bring the top of the list into view and announce it: at once
   * (the user sees the loader), and again once the new cards are drawn, because the page's height
   * changes under a scroll that is still under way (smooth scrolling).
   */
  const scrollPending = useRef(false);
  const bringListIntoView = useCallback(() => {
    const heading = listRef.current;
    if (!heading) return;
    const { top } = heading.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight) heading.scrollIntoView({ block: 'start', behavior: 'instant' });
    heading.focus({ preventScroll: true });
  }, []);
  const scrollToList = useCallback(() => {
    scrollPending.current = true;
    requestAnimationFrame(bringListIntoView);
  }, [bringListIntoView]);
  useLayoutEffect(() => {
    if (!scrollPending.current || listings.isFetching) return;
    scrollPending.current = false;
    bringListIntoView();
  }, [listings.isFetching, listings.dataUpdatedAt, bringListIntoView]);

  const search = useCallback(
    (filters: StoredListingFilters) => {
      const next = searchToParams(filters, 1);
      listingFilters.apply(filters, 1, false);
      if (next.toString() === params.toString()) void listings.refetch();
      else setParams(next, { preventScrollReset: true });
      scrollToList();
    },
    [params, setParams, listings, scrollToList],
  );

  /** A new order of the same search: page 1, at once; the focus stays on the select. */
  const changeSort = useCallback(
    (sort: ListingSort) => {
      const filters = { ...applied, sort: sort === DEFAULT_LISTING_SORT ? '' : sort };
      listingFilters.setDraft({ sort: filters.sort });
      listingFilters.apply(filters, 1, false);
      setParams(searchToParams(filters, 1), { preventScrollReset: true });
    },
    [applied, setParams],
  );

  /** A page's link; Next and Previous carry the cursor of the answer shown (a plain page link without one). */
  const hrefFor = (target: number, step?: PageStep) => {
    const stepCursor: PageCursor =
      step === 'next' && result?.next_cursor ? { after: result.next_cursor } : step === 'previous' && result?.prev_cursor ? { before: result.prev_cursor } : {};
    const next = searchToParams(applied, target, stepCursor).toString();
    return next ? `${pathname}?${next}` : pathname;
  };
  const pastEnd = !!result && result.total > 0 && page > pageCount;

  let body;
  if (listings.isPending || (listings.isFetching && listings.isError)) {
    // Cards of the real size while the first page loads, so the page is as tall as it will be.
    body = (
      <div role="status" aria-label={t('marketplace.loading')}>
        <ul className={GRID}>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <li key={i}>
              <ListingCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  } else if (listings.isError || !result || result.listings.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <SearchX aria-hidden="true" className="size-10 text-slate-400" />
        <p className="text-lg font-semibold text-asphalt">{pageProblem ? t('marketplace.pageProblem') : t('marketplace.empty')}</p>
        <p className="max-w-sm text-slate-600">
          {listings.isError
            ? (pageProblem ?? (serverErrors ? t('marketplace.badFilters') : t('marketplace.errorHint')))
            : pastEnd
              ? t('marketplace.pastEnd', { pages: pageCount })
              : t('marketplace.emptyHint')}
        </p>
        {(pastEnd || pageProblem) && (
          <Link to={hrefFor(1)} className="font-semibold text-info hover:underline" onClick={() => listingFilters.apply(applied, 1, false)}>
            {t('marketplace.firstPage')}
          </Link>
        )}
        {listings.isError
          ? // A bad filter (400) is fixed in the form, not by asking again.
            !serverErrors &&
            !pageProblem && (
              <Button variant="outline" onClick={() => void listings.refetch()}>
                {t('marketplace.retry')}
              </Button>
            )
          : !pastEnd &&
            activeFilterCount(applied) > 0 && (
              <Button
                variant="outline"
                onClick={() => {
                  listingFilters.reset();
                  search(listingFilters.getState().draft);
                }}
              >
                {t('filters.reset')}
              </Button>
            )}
      </div>
    );
  } else {
    body = (
      <ul className={GRID}>
        {result.listings.map((listing, index) => (
          <li key={listing.listing_id}>
            <ListingCard listing={listing} priority={index < FIRST_SCREEN_CARDS} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="grid items-start gap-6 md:grid-cols-[18rem_minmax(0,1fr)] lg:grid-cols-[19rem_minmax(0,1fr)] lg:gap-8">
      <aside
        aria-labelledby="filters-title"
        className="hidden rounded-2xl border border-slate-200 bg-white p-5 md:sticky md:top-20 md:block md:max-h-[calc(100dvh-6rem)] md:overflow-y-auto"
      >
        <h2 id="filters-title" className="mb-4 text-xl font-bold">
          {t('filters.title')}
        </h2>
        <ListingFiltersForm onSearch={search} serverErrors={serverErrors} />
      </aside>

      <section aria-labelledby="results-title" className="flex min-w-0 flex-col gap-4">
        {/* The count has a line of its own: beside the Filters button a long one (Russian, several pages)
            pushed the button onto a new line when the results came, moving the list down. */}
        <div className="flex flex-col">
          {/* Phones: the title and Filters, the sort on a line of its own; wider: the title and the sort. */}
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
            <h2 id="results-title" ref={listRef} tabIndex={-1} className="min-w-0 scroll-mt-24 text-xl font-bold focus:outline-none">
              {t('marketplace.resultsTitle')}
            </h2>
            <FiltersSheet activeCount={activeFilterCount(applied)} onSearch={search} serverErrors={serverErrors} />
            <SortSelect value={sortOf(applied)} onChange={changeSort} className="w-full md:w-auto" />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
            <p className="text-sm text-slate-600" aria-live="polite">
              {result && !listings.isError
                ? pageCount > 1
                  ? result.total_capped
                    ? t('marketplace.countCappedWithPage', { cap: SEARCH_COUNT_CAP, page, pages: pageCount })
                    : t('marketplace.countWithPage', { count: result.total, page, pages: pageCount })
                  : result.total_capped
                    ? t('marketplace.countCapped', { cap: SEARCH_COUNT_CAP })
                    : t('marketplace.count', { count: result.total })
                : '\u00a0'}
            </p>
            <SaveSearchButton filters={query} />
          </div>
        </div>
        <div aria-busy={listings.isFetching}>{body}</div>
        {result && !listings.isError && (
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={hrefFor}
            onNavigate={(target) => {
              listingFilters.apply(applied, target, false);
              scrollToList();
            }}
          />
        )}
      </section>
    </div>
  );
}
