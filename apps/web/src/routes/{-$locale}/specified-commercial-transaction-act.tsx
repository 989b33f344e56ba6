import { createFileRoute } from '@tanstack/react-router';
import { CommercialPage } from '../../features/legal/components/commercial-page';
import { headFor, loadPage } from '../../lib/page';

export const Route = createFileRoute('/{-$locale}/specified-commercial-transaction-act')({
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'commercial'),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: CommercialPage,
});
