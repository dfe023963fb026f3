import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { paginationRange } from '../lib/pagination-range';

interface Props {
  page: number;
  pageCount: number;
  /**
   * The link of a page (keeps the filters in the query). Previous and Next ask with their `step`, so
   * they can carry the current answer's cursor; the numbered links ask without it.
   */
  hrefFor: (page: number, step?: PageStep) => string;
  onNavigate?: (page: number) => void;
}

/** How a link moves from the current page: one back, one on (a numbered link names its page instead). */
export type PageStep = 'previous' | 'next';

const ITEM = 'inline-flex h-11 items-center justify-center rounded-lg text-sm font-semibold sm:text-base';
/**
 * A link's width: on a phone the widest row ("‹ 1 … 249 250 251 … 500 ›", 500 pages past 10,000
 * matches) stays on one line down to 320 px.
 */
const LINK = 'min-w-8 px-1 sm:min-w-11 sm:px-3';

/** Previous, "1 … 4 5 6 … 12", Next — real links, so each page can be opened or shared. */
export function Pagination({ page, pageCount, hrefFor, onNavigate }: Props) {
  const { t } = useTranslation('listings');
  if (pageCount <= 1) return null;
  const items = paginationRange(page, pageCount);
  const link = (target: number, label: ReactNode, extra: { className?: string; ariaLabel?: string; current?: boolean; step?: PageStep } = {}) => (
    <Link
      to={hrefFor(target, extra.step)}
      preventScrollReset
      aria-label={extra.ariaLabel}
      aria-current={extra.current ? 'page' : undefined}
      onClick={(event) => {
        // A new tab or window does not change this page.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        onNavigate?.(target);
      }}
      className={cn(ITEM, LINK, extra.className)}
    >
      {label}
    </Link>
  );
  const disabled = (label: ReactNode, ariaLabel: string) => (
    <span aria-disabled="true" role="link" aria-label={ariaLabel} className={cn(ITEM, LINK, 'cursor-not-allowed text-slate-300')}>
      {label}
    </span>
  );
  const prevIcon = <ChevronLeft aria-hidden="true" className="size-5" />;
  const nextIcon = <ChevronRight aria-hidden="true" className="size-5" />;

  return (
    <nav aria-label={t('pagination.label')} className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-0.5 sm:gap-1">
        <li>
          {page > 1
            ? link(page - 1, prevIcon, { step: 'previous', ariaLabel: t('pagination.previous'), className: 'text-asphalt hover:bg-slate-200' })
            : disabled(prevIcon, t('pagination.previous'))}
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              {link(item, item, {
                current: item === page,
                ariaLabel: t('pagination.page', { page: item }),
                className: item === page ? 'bg-asphalt text-white' : 'text-asphalt hover:bg-slate-200',
              })}
            </li>
          ) : (
            <li key={item} aria-hidden="true" className={cn(ITEM, 'min-w-4 text-slate-500 sm:min-w-8')}>
              …
            </li>
          ),
        )}
        <li>
          {page < pageCount
            ? link(page + 1, nextIcon, { step: 'next', ariaLabel: t('pagination.next'), className: 'text-asphalt hover:bg-slate-200' })
            : disabled(nextIcon, t('pagination.next'))}
        </li>
      </ul>
    </nav>
  );
}
