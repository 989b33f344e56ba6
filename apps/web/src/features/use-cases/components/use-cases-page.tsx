import { Link } from '@tanstack/react-router';
import { Card, CardGrid } from '../../../components/ui/card-grid';
import { PageHeader } from '../../../components/ui/page-header';
import { useCaseSlugs } from '../../../lib/public-routes';
import { useCopy } from '../../../lib/use-copy';
import { useLocaleParams } from '../../../lib/use-locale';

export function UseCasesPage() {
  const copy = useCopy('use-cases');
  const params = useLocaleParams();
  return (
    <>
      <PageHeader eyebrow={copy.index.eyebrow} title={copy.index.title} lead={copy.index.lead} />
      <div className="container section">
        <CardGrid columns={4}>
          {useCaseSlugs.map((slug) => {
            const page = copy.pages[slug];
            return (
              <Card
                key={slug}
                heading="h2"
                title={page.meta.title}
                body={page.summary}
                footer={
                  <Link to="/{-$locale}/use-cases/$useCase" params={{ ...params, useCase: slug }}>
                    {copy.index.read}
                    <span className="visually-hidden">: {page.meta.title}</span>
                  </Link>
                }
              />
            );
          })}
        </CardGrid>
      </div>
    </>
  );
}
