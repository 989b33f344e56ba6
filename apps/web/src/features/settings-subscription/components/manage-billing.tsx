import { useLocation } from '@tanstack/react-router';
import { useSettingsText } from '../../../lib/settings/use-settings-text';

/**
 * Manage: a form post to the portal-session endpoint, which answers 303 to the Stripe Customer
 * Portal, or back to this page (`returnTo`) with `?billing_error=<code>` when it cannot.
 */
export function ManageBilling() {
  const { t } = useSettingsText();
  const here = useLocation({ select: (location) => location.pathname });
  return (
    <section className="settings-section" aria-labelledby="subscription-manage-heading">
      <h2 id="subscription-manage-heading">{t('subscription.manage.heading')}</h2>
      <p className="settings-hint">{t('subscription.manage.body')}</p>
      <form method="post" action="/api/create-portal-session">
        <input type="hidden" name="returnTo" value={here} />
        <button type="submit" className="button button-secondary button-small">
          {t('subscription.manage.button')}
        </button>
      </form>
    </section>
  );
}
