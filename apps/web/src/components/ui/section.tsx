import type { ReactNode } from 'react';

export function Section(props: { id?: string; title: string; lead?: string; wash?: boolean; children: ReactNode }) {
  const headingId = props.id ? `${props.id}-title` : undefined;
  return (
    <section id={props.id} className={props.wash ? 'section section-wash' : 'section'} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId}>{props.title}</h2>
        {props.lead ? <p className="section-lead">{props.lead}</p> : null}
        {props.children}
      </div>
    </section>
  );
}
