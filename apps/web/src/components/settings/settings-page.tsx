import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './settings.css';

/** The frame of every settings page: title, lead, then the page's content. */
export function SettingsPage(props: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div className="container settings-page">
      <h1>{props.title}</h1>
      {props.lead ? <p className="settings-lead">{props.lead}</p> : null}
      {props.children}
    </div>
  );
}

/**
 * The progress state of the running change ('Saving...') or, after a failure, its message.
 * `signedOut`: the session ended meanwhile; a sign-in link opens in a new tab, so what the
 * person entered here stays for the next try.
 */
export function ActionStatus(props: { progress: string | null; error: string | null; signedOut?: boolean }) {
  return (
    <>
      <p className="settings-status" role="status" aria-live="polite">
        {props.progress ?? ''}
      </p>
      {props.error ? (
        <p className="settings-error" role="alert">
          {props.error}
          {props.signedOut === true ? (
            <>
              {' '}
              <SignInAgainLink />
            </>
          ) : null}
        </p>
      ) : null}
    </>
  );
}

/** After a 401: sign in again in a new tab and back to this page, so what was entered here stays. */
export function SignInAgainLink() {
  const { t } = useTranslation();
  const here = useLocation({ select: (location) => location.href });
  return (
    <a href={`/auth/signin?returnTo=${encodeURIComponent(here)}`} target="_blank" rel="noopener">
      {t('signInFirst.again')}
    </a>
  );
}

/** An admin-only page (Members, Usage) as others see it: its title and the server's permission message. */
export function PermissionNotice(props: { title: string; message: string }) {
  return (
    <SettingsPage title={props.title}>
      <p className="settings-error" role="alert">
        {props.message}
      </p>
    </SettingsPage>
  );
}
