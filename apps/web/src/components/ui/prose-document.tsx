import { PageHeader } from './page-header';

/** A long-form document (policies, notices): sections of paragraphs, bullet lists or term/definition pairs. */
export interface DocumentSection {
  id?: string;
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
  terms?: readonly { term: string; detail: string }[];
}

export interface DocumentCopy {
  title: string;
  lead: string;
  updated: string;
  sections: readonly DocumentSection[];
}

export function ProseDocument({ copy, eyebrow }: { copy: DocumentCopy; eyebrow?: string }) {
  return (
    <article>
      <PageHeader eyebrow={eyebrow} title={copy.title} lead={copy.lead} />
      <div className="container section prose">
        <p className="meta-note">{copy.updated}</p>
        {copy.sections.map((section) => (
          <section key={section.heading} id={section.id} aria-label={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs?.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
            {section.items ? (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {section.terms ? (
              <dl>
                {section.terms.map(({ term, detail }) => (
                  <div key={term} className="prose-term">
                    <dt>{term}</dt>
                    <dd>{detail}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </section>
        ))}
      </div>
    </article>
  );
}
