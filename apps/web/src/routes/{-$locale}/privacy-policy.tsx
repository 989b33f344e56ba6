import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../../features/legal/components/privacy-page';
import { headFor, loadPage } from '../../lib/page';

export const Route = createFileRoute('/{-$locale}/privacy-policy')({
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'privacy'),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: PrivacyPage,
});
