import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './ui/page-header';

/** Shown instead of a signed-in page when there is no session ('Sign in first', spec 8). */
export function SignInFirst() {
  const { t } = useTranslation();
  const here = useLocation({ select: (location) => location.href });
  return (
    <PageHeader title={t('signInFirst.title')} lead={t('signInFirst.body')}>
      <div className="actions">
        <a className="button" href={`/auth/signin?returnTo=${encodeURIComponent(here)}`}>
          {t('cta.signInWithSlack')}
        </a>
      </div>
    </PageHeader>
  );
}
