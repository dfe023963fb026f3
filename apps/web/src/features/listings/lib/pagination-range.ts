export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * The page buttons: first and last page, one sibling each side of the current page, and an
 * ellipsis for each gap of two or more pages ("1 … 4 5 6 … 12"). The row always has the same
 * number of items once there are enough pages, so it does not jump while paging.
 */
export function paginationRange(current: number, total: number, siblings = 1): PageItem[] {
  if (total <= 0) return [];
  const slots = siblings * 2 + 5; // first, last, current, siblings and two ellipses
  if (total <= slots) return Array.from({ length: total }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), total);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const left = Math.max(page - siblings, 1);
  const right = Math.min(page + siblings, total);
  const showStartEllipsis = left > 3;
  const showEndEllipsis = right < total - 2;
  if (!showStartEllipsis) return [...range(1, slots - 2), 'end-ellipsis', total];
  if (!showEndEllipsis) return [1, 'start-ellipsis', ...range(total - (slots - 3), total)];
  return [1, 'start-ellipsis', ...range(left, right), 'end-ellipsis', total];
}
