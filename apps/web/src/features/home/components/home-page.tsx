import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Card, CardGrid } from '../../../components/ui/card-grid';
import { Section } from '../../../components/ui/section';
import { SLACK_INSTALL_PATH } from '../../../lib/site';
import { useCopy } from '../../../lib/use-copy';
import { useLocaleParams } from '../../../lib/use-locale';
import { ChatPreview } from './chat-preview';

export function HomePage() {
  const copy = useCopy('home');
  const { t } = useTranslation();
  const params = useLocaleParams();
  return (
    <>
      <header className="page-header page-header-dark home-hero">
        <div className="container home-hero-grid">
          <div>
            <p className="eyebrow">{copy.hero.eyebrow}</p>
            <h1>{copy.hero.title}</h1>
            <p className="lead">{copy.hero.lead}</p>
            <div className="actions">
              <a className="button" href={SLACK_INSTALL_PATH}>
                {t('cta.addToSlack')}
              </a>
              <Link className="button button-secondary" to="/{-$locale}/booking/demo" params={params}>
                {t('cta.bookDemo')}
              </Link>
            </div>
            <p className="hero-note">{copy.hero.trial}</p>
          </div>
          <ChatPreview copy={copy.preview} />
        </div>
      </header>

      <Section id="what-we-offer" title={copy.offer.title} lead={copy.offer.lead}>
        <CardGrid>
          {copy.offer.cards.map((card) => (
            <Card key={card.title} {...card} />
          ))}
        </CardGrid>
        <div className="actions">
          <Link className="button button-secondary" to="/{-$locale}/features" params={params}>
            {t('cta.learnMore')}
          </Link>
        </div>
      </Section>

      <Section id="how-to-get-started" title={copy.start.title} lead={copy.start.lead} wash>
        <ol className="steps steps-row">
          {copy.start.steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
        <div className="actions">
          <a className="button" href={SLACK_INSTALL_PATH}>
            {t('cta.addToSlack')}
          </a>
          <Link className="button button-secondary" to="/{-$locale}/pricing" params={params}>
            {t('cta.seePricing')}
          </Link>
        </div>
      </Section>

      <Section id="use-cases" title={copy.useCases.title} lead={copy.useCases.lead}>
        <CardGrid columns={4}>
          {copy.useCases.items.map((item) => (
            <Card
              key={item.slug}
              title={item.title}
              body={item.body}
              footer={
                <Link to="/{-$locale}/use-cases/$useCase" params={{ ...params, useCase: item.slug }}>
                  {t('cta.learnMore')}
                  <span className="visually-hidden">: {item.title}</span>
                </Link>
              }
            />
          ))}
        </CardGrid>
        <div className="actions">
          <Link className="button button-secondary" to="/{-$locale}/use-cases" params={params}>
            {copy.useCases.more}
          </Link>
        </div>
      </Section>

      <Section id="privacy" title={copy.trust.title} wash>
        <ul className="check-list">
          {copy.trust.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <Link to="/{-$locale}/compliance/hipaa" params={params}>
          {copy.trust.link}
        </Link>
      </Section>

      <Section id="start" title={copy.closing.title} lead={copy.closing.lead}>
        <div className="actions">
          <a className="button" href={SLACK_INSTALL_PATH}>
            {t('cta.addToSlack')}
          </a>
          <Link className="button button-secondary" to="/{-$locale}/booking/demo" params={params}>
            {t('cta.bookDemo')}
          </Link>
        </div>
      </Section>
    </>
  );
}
