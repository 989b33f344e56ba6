import type { ReactNode } from 'react';

export interface CardCopy {
  title: string;
  body: string;
}

export function CardGrid({ columns = 3, children }: { columns?: 2 | 3 | 4; children: ReactNode }) {
  return <ul className={`card-grid card-grid-${columns}`}>{children}</ul>;
}

/** One card in a CardGrid; `footer` holds an optional link. */
export function Card({ title, body, footer }: CardCopy & { footer?: ReactNode }) {
  return (
    <li className="card">
      <h3>{title}</h3>
      <p>{body}</p>
      {footer ? <div className="card-link">{footer}</div> : null}
    </li>
  );
}
