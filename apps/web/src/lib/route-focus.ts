import type { AnyRouter } from '@tanstack/react-router';

/**
 * After a client-side navigation to another page (its path changed), the focus moves to the new
 * page's main heading (`<h1>` in `<main>`, made focusable with tabindex=-1), or to `<main>`
 * itself when the page has none: a screen reader then reads where the person landed, and Tab
 * goes on from the page's start instead of from a menu link that is gone. Without this the
 * followed link (in a panel that closes, or a page that unmounts) drops the focus to <body>
 * and nothing says the page changed.
 *
 * Not moved: on the first load (a full page load starts at the document, as browsers do), when
 * only the query or the anchor changed (a tab, a period: the same page), and when the new page
 * has put the focus somewhere in `<main>` itself.
 */
export function startRouteFocus(router: AnyRouter): () => void {
  let focusedBefore: Element | null = null;
  const stopBefore = router.subscribe('onBeforeNavigate', () => {
    focusedBefore = document.activeElement;
  });
  const stopRendered = router.subscribe('onRendered', (event) => {
    const from = event.fromLocation;
    if (from === undefined || from.pathname === event.toLocation.pathname) return;
    const main = document.getElementById('main');
    if (main === null) return;
    const active = document.activeElement;
    const pageTookFocus = active !== null && active !== document.body && active !== focusedBefore && active !== main && main.contains(active);
    if (pageTookFocus) return;
    const target = main.querySelector<HTMLElement>('h1') ?? main;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    // The router restores or resets the scroll position itself.
    target.focus({ preventScroll: true });
  });
  return () => {
    stopBefore();
    stopRendered();
  };
}
