import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../../features/legal/components/terms-page';
import { headFor, loadPage } from '../../lib/page';

export const Route = createFileRoute('/{-$locale}/terms-of-service')({
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'terms'),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: TermsPage,
});
