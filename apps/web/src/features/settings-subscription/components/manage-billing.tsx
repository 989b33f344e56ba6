import { useSettingsText } from '../../../lib/settings/use-settings-text';

/** Manage: a form post to the portal-session endpoint, which answers 303 to the Stripe Customer Portal. */
export function ManageBilling() {
  const { t } = useSettingsText();
  return (
    <section className="settings-section" aria-labelledby="subscription-manage-heading">
      <h2 id="subscription-manage-heading">{t('subscription.manage.heading')}</h2>
      <p className="settings-hint">{t('subscription.manage.body')}</p>
      <form method="post" action="/api/create-portal-session">
        <button type="submit" className="button button-secondary button-small">
          {t('subscription.manage.button')}
        </button>
      </form>
    </section>
  );
}
