import { useEffect, useState } from 'react';
import { INTEGRATION_PROVIDERS } from '../../../../../../core/integrations/integration-provider';
import { SettingsPage } from '../../../components/settings/settings-page';
import { LiveStatus } from '../../../components/ui/live-status';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { fetchUserContext } from '../../../lib/settings/user-context';
import { asApiError } from '../../../lib/settings/use-resource';
import { getIntegrations, type IntegrationCardView } from '../api/get-integrations';

type State =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; cards: IntegrationCardView[] }
  // The cards could not be loaded (server error, network down): the page says so instead of showing nothing.
  | { status: 'failed'; message: string };

/**
 * /settings/integrations: a card per service, each in one of five states: 'Sign in first'
 * (signed out), 'Work in progress' (not configured on this server), Connect, Disconnect with
 * the connected account, or Reconnect when the service stopped accepting the connection.
 * Connecting and disconnecting are plain navigations and form posts to /api/auth/*.
 */
export function IntegrationsPage() {
  const { t, m, locale } = useSettingsText();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    void (async () => {
      const who = await fetchUserContext();
      if (!who) return live && setState({ status: 'signed-out' });
      try {
        const { integrations } = await getIntegrations();
        if (live) setState({ status: 'signed-in', cards: integrations });
      } catch (error) {
        const failure = asApiError(error);
        // The session ended since this tab loaded (the user context is cached): the cards say 'Sign in first'.
        if (live) setState(failure.status === 401 ? { status: 'signed-out' } : { status: 'failed', message: failure.message });
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  const cards: IntegrationCardView[] =
    state.status === 'signed-in'
      ? state.cards
      : INTEGRATION_PROVIDERS.map((p) => ({ id: p.id, title: p.title, image: p.image, active: false, connected: false, state: 'inactive', account: null }));
  const here = locale === 'ja' ? '/ja/settings/integrations' : '/settings/integrations';
  const connectHref = (id: string) => `/api/auth/request/${id}?returnTo=${encodeURIComponent(here)}`;

  return (
    <SettingsPage title={t('integrations.title')} lead={t('integrations.lead')}>
      <LiveStatus>{state.status === 'loading' ? m('UI.LOADING') : null}</LiveStatus>
      {state.status === 'failed' ? (
        <p className="settings-error" role="alert">
          {state.message || m('UNKNOWN')}
        </p>
      ) : (
        <ul className="card-grid card-grid-3">
          {cards.map((card) => (
            <li key={card.id} className="card integration-card" data-provider={card.id} data-state={state.status === 'signed-in' ? card.state : state.status}>
              <img className="integration-logo" src={card.image} alt="" width={48} height={48} />
              <h2 className="h3">{card.title}</h2>
              <p>{t(`integrations.providers.${card.id}`)}</p>
              {state.status === 'signed-out' ? (
                <a className="button button-small" href={`/auth/signin?returnTo=${encodeURIComponent(here)}`}>
                  {m('UI.SIGN_IN_FIRST')}
                </a>
              ) : state.status === 'loading' ? null : card.state === 'inactive' ? (
                <button type="button" className="button button-small" disabled aria-label={`${m('UI.WORK_IN_PROGRESS')}: ${card.title}`}>
                  {m('UI.WORK_IN_PROGRESS')}
                </button>
              ) : card.state === 'connected' ? (
                <form method="post" action={`/api/auth/revoke/${card.id}`} className="integration-connected">
                  <p className="integration-account">
                    {card.account ? t('integrations.connectedAs', { account: card.account }) : t('integrations.connected')}
                  </p>
                  <input type="hidden" name="returnTo" value={here} />
                  <button type="submit" className="button button-small button-quiet" aria-label={`${t('integrations.disconnect')}: ${card.title}`}>
                    {t('integrations.disconnect')}
                  </button>
                </form>
              ) : card.state === 'reconnect_needed' ? (
                <>
                  <p className="integration-warning" role="alert">
                    {t('integrations.reconnectNeeded')}
                  </p>
                  <a className="button button-small" href={connectHref(card.id)} aria-label={`${t('integrations.reconnect')}: ${card.title}`}>
                    {t('integrations.reconnect')}
                  </a>
                </>
              ) : (
                <a className="button button-small" href={connectHref(card.id)} aria-label={`${t('integrations.connect')}: ${card.title}`}>
                  {t('integrations.connect')}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </SettingsPage>
  );
}
