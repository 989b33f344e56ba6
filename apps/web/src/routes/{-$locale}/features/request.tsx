import { createFileRoute } from '@tanstack/react-router';
import { RequestPage } from '../../../features/product-tour/components/request-page';
import { headFor, loadPage } from '../../../lib/page';

export const Route = createFileRoute('/{-$locale}/features/request')({
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'request'),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: RequestPage,
});
