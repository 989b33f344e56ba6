import { Link, getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { Section } from '../../../components/ui/section';
import { isUseCaseSlug, useCaseSlugs } from '../../../lib/public-routes';
import type { UseCaseSlug } from '../../../lib/public-routes';
import { useCopy } from '../../../lib/use-copy';
import { useLocaleParams } from '../../../lib/use-locale';

const route = getRouteApi('/{-$locale}/use-cases/$useCase');

export function UseCasePage() {
  const { useCase } = route.useParams();
  if (!isUseCaseSlug(useCase)) return null; // the route's beforeLoad already answered 404
  return <UseCaseArticle useCase={useCase} />;
}

function UseCaseArticle({ useCase }: { useCase: UseCaseSlug }) {
  const copy = useCopy('use-cases');
  const page = useCopy(`use-case-${useCase}`);
  const params = useLocaleParams();
  const others = useCaseSlugs.filter((slug) => slug !== useCase);
  return (
    <article>
      <PageHeader eyebrow={copy.index.eyebrow} title={page.title} lead={page.lead} />
      <Section id="problem" title={copy.labels.problem}>
        <p className="lead">{page.problem}</p>
      </Section>
      <Section id="how" title={copy.labels.how} wash>
        <ol className="steps">
          {page.steps.map((step) => (
            <li key={step}>
              <p>{step}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="examples" title={copy.labels.examples}>
        {page.examples.map((example) => (
          <p key={example} className="example">
            {example}
          </p>
        ))}
      </Section>
      <Section id="works-with" title={copy.labels.worksWith} wash>
        <ul>
          {page.worksWith.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>
      <Section title={copy.labels.all}>
        <ul className="tag-list">
          {others.map((slug) => (
            <li key={slug}>
              <Link to="/{-$locale}/use-cases/$useCase" params={{ ...params, useCase: slug }}>
                {copy.pages[slug].meta.title}
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </article>
  );
}
