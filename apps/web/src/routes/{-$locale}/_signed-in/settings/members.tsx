import { createFileRoute } from '@tanstack/react-router';
import { MembersPage } from '../../../../features/settings-members/components/members-page';
import { loadSettingsPage, settingsHead } from '../../../../lib/settings/settings-route';

export const Route = createFileRoute('/{-$locale}/_signed-in/settings/members')({
  loader: ({ context, params }) => loadSettingsPage(context.i18n, params.locale, 'members'),
  head: ({ loaderData }) => settingsHead(loaderData),
  component: MembersPageRoute,
});

/** The signed-in layout only renders its pages with a session; admins see the page's data. */
function MembersPageRoute() {
  const { session } = Route.useRouteContext();
  return <MembersPage isAdmin={session.status === 'signed-in' && session.me.isAdmin} rolesUnknown={session.status === 'signed-in' && session.me.rolesUnknown} />;
}
