import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/home/components/home-page';
import { headFor, loadPage } from '../../lib/page';

export const Route = createFileRoute('/{-$locale}/')({
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'home'),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: HomePage,
});
