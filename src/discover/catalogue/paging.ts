// Page arithmetic of the catalogue lists (spec 2 §5).

/** Pages for `total` items at `pageSize` per page: ceil(total / pageSize), and never below 1 (an empty result is one page). */
export function pageCount(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}
