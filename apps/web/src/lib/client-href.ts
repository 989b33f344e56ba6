/**
 * A ref for a link whose href depends on the address in the browser. The not-found page is
 * prerendered once (at /404) and served for every unknown address, and hydration does not patch
 * attributes that differ from the prerendered markup, so such a link would keep naming /404.
 * The ref sets the href the browser's own render computed.
 */
export function clientHref(href: string) {
  return (element: HTMLAnchorElement | null) => {
    if (element && element.getAttribute('href') !== href) element.setAttribute('href', href);
  };
}
