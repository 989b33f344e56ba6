import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { Section } from '../../../components/ui/section';
import { useCopy } from '../../../lib/use-copy';
import { useLocaleParams } from '../../../lib/use-locale';

export function ComparisonPage() {
  const copy = useCopy('comps');
  const params = useLocaleParams();
  const { table } = copy;
  return (
    <>
      <PageHeader eyebrow={copy.header.eyebrow} title={copy.header.title} lead={copy.header.lead} />
      <div className="container section">
        <div className="table-wrap" tabIndex={0} role="region" aria-label={table.caption}>
          <table>
            <caption className="visually-hidden">{table.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{table.aspect}</th>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.aspect}>
                  <th scope="row">{row.aspect}</th>
                  {row.values.map((value, index) => (
                    <td key={index}>{value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <Section title={copy.fit.title} wash>
        <ul>
          {copy.fit.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <Link className="button" to="/{-$locale}/pricing" params={params}>
          {copy.cta}
        </Link>
      </Section>
    </>
  );
}
