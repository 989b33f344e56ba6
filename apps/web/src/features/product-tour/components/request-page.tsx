import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { Section } from '../../../components/ui/section';
import { site } from '../../../lib/site';
import { useCopy } from '../../../lib/use-copy';
import { useLocaleParams } from '../../../lib/use-locale';

export function RequestPage() {
  const copy = useCopy('request');
  const params = useLocaleParams();
  return (
    <>
      <PageHeader eyebrow={copy.header.eyebrow} title={copy.header.title} lead={copy.header.lead} />
      <Section id="how" title={copy.how.title}>
        <ol className="steps">
          {copy.how.steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
        {site.supportEmail ? (
          <div className="actions">
            <a className="button" href={`mailto:${site.supportEmail}?subject=${encodeURIComponent(copy.how.subject)}`}>
              {copy.how.button}
            </a>
          </div>
        ) : null}
      </Section>
      <Section id="include" title={copy.include.title} wash>
        <ul>
          {copy.include.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>
      <Section id="next" title={copy.next.title}>
        <ol>
          {copy.next.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
        <Link to="/{-$locale}/features/roadmap" params={params}>
          {copy.roadmap}
        </Link>
      </Section>
    </>
  );
}
