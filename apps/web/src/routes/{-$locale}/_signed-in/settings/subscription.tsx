import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionPage } from '../../../../features/settings-subscription/components/subscription-page';
import { loadSettingsPage, settingsHead } from '../../../../lib/settings/settings-route';

export const Route = createFileRoute('/{-$locale}/_signed-in/settings/subscription')({
  loader: ({ context, params }) => loadSettingsPage(context.i18n, params.locale, 'subscription'),
  head: ({ loaderData }) => settingsHead(loaderData),
  component: SubscriptionPage,
});
