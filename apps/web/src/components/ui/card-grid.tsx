import type { ReactNode } from 'react';

export interface CardCopy {
  title: string;
  body: string;
}

export function CardGrid({ columns = 3, children }: { columns?: 2 | 3 | 4; children: ReactNode }) {
  return <ul className={`card-grid card-grid-${columns}`}>{children}</ul>;
}

/**
 * One card in a CardGrid; `footer` holds an optional link. Its title is an h3 under a section's
 * h2, or an h2 (`heading="h2"`) where the grid sits right under the page's h1, so a screen
 * reader's list of headings skips no level.
 */
export function Card({ title, body, footer, heading: Heading = 'h3' }: CardCopy & { footer?: ReactNode; heading?: 'h2' | 'h3' }) {
  return (
    <li className="card">
      <Heading>{title}</Heading>
      <p>{body}</p>
      {footer ? <div className="card-link">{footer}</div> : null}
    </li>
  );
}
