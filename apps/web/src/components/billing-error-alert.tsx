import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../lib/use-locale';
import { Alert } from './ui/alert';

/**
 * Why a billing form post went nowhere (`?billing_error=<code>`): the catalogue text in the
 * page's language. Signed out, it is the sign-in prompt with a link back to this page. The
 * catalogue is loaded only when there is an error, so pricing's first visit does not carry it.
 */
export function BillingErrorAlert(props: { code: string; title: string; dismissLabel: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const here = useLocation({ select: (location) => location.pathname });
  const [message, setMessage] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    let live = true;
    void import('../../../shared/messages').then(({ translate }) => live && setMessage(translate(props.code, {}, locale)));
    return () => {
      live = false;
    };
  }, [props.code, locale]);

  if (dismissed || message === null) return null;
  const signIn = props.code.startsWith('AUTH.');
  return (
    <Alert
      tone="warning"
      title={signIn ? t('signInFirst.title') : props.title}
      dismissLabel={props.dismissLabel}
      onDismiss={() => setDismissed(true)}
    >
      {message}
      {signIn ? (
        <>
          {' '}
          <a href={`/auth/signin?returnTo=${encodeURIComponent(here)}`}>{t('cta.signInWithSlack')}</a>
        </>
      ) : null}
    </Alert>
  );
}
