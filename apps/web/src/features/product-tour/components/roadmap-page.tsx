import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { Section } from '../../../components/ui/section';
import { useCopy } from '../../../lib/use-copy';
import { useLocaleParams } from '../../../lib/use-locale';

export function RoadmapPage() {
  const copy = useCopy('roadmap');
  const params = useLocaleParams();
  return (
    <>
      <PageHeader eyebrow={copy.header.eyebrow} title={copy.header.title} lead={copy.header.lead} />
      <div className="container section roadmap">
        {copy.columns.map((column) => (
          <section key={column.id} id={column.id} aria-labelledby={`${column.id}-title`} className="roadmap-column">
            <h2 id={`${column.id}-title`}>{column.title}</h2>
            <ul className="card-grid">
              {column.items.map((item) => (
                <li key={item.title} className="card">
                  <h3>{item.title}</h3>
                  <p>{item.body}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <Section title={copy.request.title} lead={copy.request.body} wash>
        <Link className="button" to="/{-$locale}/features/request" params={params}>
          {copy.request.link}
        </Link>
      </Section>
    </>
  );
}
