import type { ReactNode } from 'react';

export function PageHeader(props: { eyebrow?: string; title: string; lead?: string; dark?: boolean; children?: ReactNode }) {
  return (
    <header className={props.dark ? 'page-header page-header-dark' : 'page-header'}>
      <div className="container">
        {props.eyebrow ? <p className="eyebrow">{props.eyebrow}</p> : null}
        <h1>{props.title}</h1>
        {props.lead ? <p className="lead">{props.lead}</p> : null}
        {props.children}
      </div>
    </header>
  );
}
