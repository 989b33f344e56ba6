import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLocaleParams } from '../lib/use-locale';
import { PageHeader } from './ui/page-header';

export function NotFoundPage() {
  const { t } = useTranslation();
  const params = useLocaleParams();
  return (
    <>
      <title>{`${t('notFound.meta.title')} | Tomo`}</title>
      <meta name="robots" content="noindex" />
      <PageHeader title={t('notFound.title')} lead={t('notFound.body')}>
        <div className="actions">
          <Link className="button" to="/{-$locale}" params={params}>
            {t('menu.home')}
          </Link>
          <Link className="button button-secondary" to="/{-$locale}/features" params={params}>
            {t('menu.features')}
          </Link>
          <Link className="button button-secondary" to="/{-$locale}/pricing" params={params}>
            {t('menu.pricing')}
          </Link>
        </div>
      </PageHeader>
    </>
  );
}
