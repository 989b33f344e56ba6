import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { emailLocalPart, useMe } from '../../../lib/api/get-me';
import { clientHref } from '../../../lib/client-href';

/** Top-right sign-in link, or the signed-in user ('ana', plus ' in Acme' on wide screens) and sign-out. */
export function UserStatus() {
  const { t } = useTranslation();
  const me = useMe();
  // The whole address, query included (?period=last_1_month, ?tab=custom), as the other sign-in links take it.
  const here = useLocation({ select: (location) => location.href });

  if (me.status !== 'signed-in') {
    const signIn = `/auth/signin?returnTo=${encodeURIComponent(here)}`;
    return (
      <a className="button button-small" href={signIn} ref={clientHref(signIn)}>
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
