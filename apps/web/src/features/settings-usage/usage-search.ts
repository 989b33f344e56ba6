// Kept apart from the page component: the route file imports it for `validateSearch`, and the
// router plugin splits a route's component into its own chunk (with its CSS) only when nothing
// else of the route imports the component's module.

/**
 * `?period=last_1_month` when that period is chosen, so a reload or the browser's Back to this
 * page shows it again; anything else is All Time.
 */
export function parseUsageSearch(search: Record<string, unknown>): { period?: 'last_1_month' } {
  return search.period === 'last_1_month' ? { period: 'last_1_month' } : {};
}
