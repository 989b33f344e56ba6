// Kept apart from the page component: the route file imports it for `validateSearch`, and the
// router plugin splits a route's component into its own chunk (with its CSS) only when nothing
// else of the route imports the component's module.

/**
 * `?tab=custom` when Custom Reactions is chosen, so a reload or the browser's Back to this page
 * shows the tab the person was on; anything else is the preset tab.
 */
export function parseReactionsSearch(search: Record<string, unknown>): { tab?: 'custom' } {
  return search.tab === 'custom' ? { tab: 'custom' } : {};
}
