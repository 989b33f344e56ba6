import { createFileRoute } from '@tanstack/react-router';
import { UsagePage } from '../../../../features/settings-usage/components/usage-page';
import { parseUsageSearch } from '../../../../features/settings-usage/usage-search';
import { loadSettingsPage, settingsHead } from '../../../../lib/settings/settings-route';

export const Route = createFileRoute('/{-$locale}/_signed-in/settings/usage')({
  validateSearch: parseUsageSearch,
  loader: ({ context, params }) => loadSettingsPage(context.i18n, params.locale, 'usage'),
  head: ({ loaderData }) => settingsHead(loaderData),
  component: UsagePageRoute,
});

/** The signed-in layout only renders its pages with a session; admins see the page's data. */
function UsagePageRoute() {
  const { session } = Route.useRouteContext();
  return <UsagePage isAdmin={session.status === 'signed-in' && session.me.isAdmin} rolesUnknown={session.status === 'signed-in' && session.me.rolesUnknown} />;
}
