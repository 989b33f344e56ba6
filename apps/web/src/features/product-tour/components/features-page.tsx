import { Link } from '@tanstack/react-router';
import { Card, CardGrid } from '../../../components/ui/card-grid';
import { PageHeader } from '../../../components/ui/page-header';
import { Section } from '../../../components/ui/section';
import { localizePath } from '../../../lib/locale';
import { useCopy } from '../../../lib/use-copy';
import { useLocale, useLocaleParams } from '../../../lib/use-locale';

// Section anchors are part of the public URL space (/features#triggers): keep them stable.
const sections = [
  ['plugins', 'plugins'],
  ['uploaders', 'uploaders'],
  ['triggers', 'triggers'],
  ['other-settings', 'otherSettings'],
  ['subscriptions', 'subscriptions'],
  ['billing', 'billing'],
  ['support', 'support'],
] as const;

export function FeaturesPage() {
  const copy = useCopy('features');
  const locale = useLocale();
  const params = useLocaleParams();
  return (
    <>
      <PageHeader eyebrow={copy.header.eyebrow} title={copy.header.title} lead={copy.header.lead}>
        <nav aria-label={copy.toc} className="toc">
          <ul className="tag-list">
            {sections.map(([anchor, key]) => (
              <li key={anchor}>
                <a href={`#${anchor}`}>{copy.sections[key].title}</a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>

      {sections.map(([anchor, key], index) => {
        const section = copy.sections[key];
        return (
          <Section key={anchor} id={anchor} title={section.title} lead={section.lead} wash={index % 2 === 1}>
            <CardGrid>
              {section.cards.map((card) => (
                <Card
                  key={card.title}
                  title={card.title}
                  body={card.body}
                  footer={
                    'settings' in card && card.settings ? (
                      <a href={localizePath(`/settings/${card.settings}`, locale)}>{card.link}</a>
                    ) : 'soon' in card && card.soon ? (
                      <span className="tag">{copy.soon}</span>
                    ) : undefined
                  }
                />
              ))}
            </CardGrid>
          </Section>
        );
      })}

      <Section title={copy.more.title}>
        <div className="actions">
          <Link className="button button-secondary" to="/{-$locale}/features/comps" params={params}>
            {copy.more.comps}
          </Link>
          <Link className="button button-secondary" to="/{-$locale}/features/request" params={params}>
            {copy.more.request}
          </Link>
          <Link className="button button-secondary" to="/{-$locale}/features/roadmap" params={params}>
            {copy.more.roadmap}
          </Link>
        </div>
      </Section>
    </>
  );
}
