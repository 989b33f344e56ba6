import { createFileRoute } from '@tanstack/react-router';
import { ComparisonPage } from '../../../features/product-tour/components/comparison-page';
import { headFor, loadPage } from '../../../lib/page';

export const Route = createFileRoute('/{-$locale}/features/comps')({
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'comps'),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: ComparisonPage,
});
