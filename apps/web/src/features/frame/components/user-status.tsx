import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { emailLocalPart, useMe } from '../../../lib/api/get-me';

/** Top-right sign-in link, or the signed-in user ('ana', plus ' in Acme' on wide screens) and sign-out. */
export function UserStatus() {
  const { t } = useTranslation();
  const me = useMe();
  const here = useLocation({ select: (location) => location.pathname });

  if (me.status !== 'signed-in') {
    return (
      <a className="button button-small" href={`/auth/signin?returnTo=${encodeURIComponent(here)}`}>
        {t('header.signIn')}
      </a>
    );
  }
  const { email, teamName } = me.me;
  return (
    <div className="user-status">
      <span className="user-name" title={email}>
        {emailLocalPart(email)}
        {teamName ? <span className="user-team">{t('header.inTeam', { team: teamName })}</span> : null}
      </span>
      <form method="post" action="/auth/signout">
        <button type="submit" className="button button-small button-quiet">
          {t('header.signOut')}
        </button>
      </form>
    </div>
  );
}
