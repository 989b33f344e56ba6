import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
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
 *
 * A failure's message takes the focus when the focus was lost meanwhile (the button that was
 * pressed is disabled while the change runs, which sends the focus to the page's start): a
 * keyboard user stays where the action was, hears the message, and Tab reaches its sign-in link.
 */
export function ActionStatus(props: { progress: string | null; error: string | null; signedOut?: boolean }) {
  return (
    <>
      <p className="settings-status" role="status" aria-live="polite">
        {props.progress ?? ''}
      </p>
      <ActionError error={props.error} signedOut={props.signedOut} />
    </>
  );
}

/** A change's failure: its message (an alert, focused when the focus was lost) and, signed out, a sign-in link. */
export function ActionError(props: { error: string | null; signedOut?: boolean }) {
  const errorRef = useRef<HTMLParagraphElement>(null);
  useFocusWhenLost(errorRef, props.error);
  if (!props.error) return null;
  return (
    <p className="settings-error" role="alert" tabIndex={-1} ref={errorRef}>
      {props.error}
      {props.signedOut === true ? (
        <>
          {' '}
          <SignInAgainLink />
        </>
      ) : null}
    </p>
  );
}

/** Focuses `target` when `shown` appears or changes while nothing on the page has the focus. */
export function useFocusWhenLost(target: { current: HTMLElement | null }, shown: unknown): void {
  useEffect(() => {
    if (shown === null || shown === undefined || shown === false) return;
    const active = document.activeElement;
    if (active === null || active === document.body) target.current?.focus();
  }, [target, shown]);
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

/** Sign in with Slack in this tab, back to this page: for a page whose data never loaded. */
export function SignInHereLink() {
  const { t } = useTranslation();
  const here = useLocation({ select: (location) => location.href });
  return <a href={`/auth/signin?returnTo=${encodeURIComponent(here)}`}>{t('cta.signInWithSlack')}</a>;
}

/**
 * Why a page of workspace-wide settings is read-only for this person (a guest, or someone of
 * another organization): said once near the page's top, as a polite status, not an alert; the
 * page's fields point at it (`READ_ONLY_NOTICE_ID`) with `aria-describedby`.
 */
export function ReadOnlyNotice(props: { message: string }) {
  return (
    <p id={READ_ONLY_NOTICE_ID} className="settings-note" role="status">
      {props.message}
    </p>
  );
}

export const READ_ONLY_NOTICE_ID = 'settings-read-only';

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
