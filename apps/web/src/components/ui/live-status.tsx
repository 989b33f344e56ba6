import { useEffect, useState, type ReactNode } from 'react';

/**
 * A status message ('Loading...', 'No data') in a polite live region that is in the page before
 * its words: a region inserted together with its text is not read by some screen readers
 * (WCAG 4.1.3). The region is always rendered; what it says stays hidden until the frame after
 * the region appeared, so even a message there from the first render is heard as it shows.
 */
export function LiveStatus(props: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const said = props.children !== null && props.children !== undefined && props.children !== false && props.children !== '';
  return <div role="status">{said ? <p hidden={!ready}>{props.children}</p> : null}</div>;
}
