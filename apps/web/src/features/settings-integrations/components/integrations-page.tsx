import { useEffect, useState } from 'react';
import { INTEGRATION_PROVIDERS } from '../../../../../../core/integrations/integration-provider';
import { SettingsPage } from '../../../components/settings/settings-page';
import { useSettingsText } from '../../../lib/settings/use-settings-text';
import { fetchUserContext } from '../../../lib/settings/user-context';
import { getIntegrations, type IntegrationCardView } from '../api/get-integrations';

type State = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; cards: IntegrationCardView[] };

/**
 * /settings/integrations: a card per service. Signed out, each card says 'Sign in first';
 * a service whose connection is not available yet says 'Work in progress'.
 */
export function IntegrationsPage() {
  const { t, m, locale } = useSettingsText();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    void (async () => {
      const who = await fetchUserContext();
      if (!who) return live && setState({ status: 'signed-out' });
      const { integrations } = await getIntegrations().catch(() => ({ integrations: [] as IntegrationCardView[] }));
      if (live) setState({ status: 'signed-in', cards: integrations });
    })();
    return () => {
      live = false;
    };
  }, []);

  const cards: IntegrationCardView[] =
    state.status === 'signed-in' ? state.cards : INTEGRATION_PROVIDERS.map((p) => ({ id: p.id, title: p.title, active: false, connected: false }));
  const here = locale === 'ja' ? '/ja/settings/integrations' : '/settings/integrations';

  return (
    <SettingsPage title={t('integrations.title')} lead={t('integrations.lead')}>
      {state.status === 'loading' ? <p role="status">{m('UI.LOADING')}</p> : null}
      <ul className="card-grid card-grid-3">
        {cards.map((card) => (
          <li key={card.id} className="card integration-card" data-provider={card.id}>
            <span className="integration-logo" aria-hidden="true">
              {card.title.slice(0, 1)}
            </span>
            <h2 className="h3">{card.title}</h2>
            <p>{t(`integrations.providers.${card.id}`)}</p>
            {state.status === 'signed-out' ? (
              <a className="button button-small" href={`/auth/signin?returnTo=${encodeURIComponent(here)}`}>
                {m('UI.SIGN_IN_FIRST')}
              </a>
            ) : state.status === 'loading' ? null : !card.active ? (
              <button type="button" className="button button-small" disabled>
                {m('UI.WORK_IN_PROGRESS')}
              </button>
            ) : card.connected ? (
              <form method="post" action={`/api/auth/revoke/${card.id}`}>
                <button type="submit" className="button button-small button-quiet">
                  {t('integrations.disconnect')}
                </button>
              </form>
            ) : (
              <a className="button button-small" href={`/api/auth/request/${card.id}`}>
                {t('integrations.connect')}
              </a>
            )}
          </li>
        ))}
      </ul>
    </SettingsPage>
  );
}
