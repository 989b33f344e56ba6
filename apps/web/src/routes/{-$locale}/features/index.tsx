import { createFileRoute } from '@tanstack/react-router';
import { FeaturesPage } from '../../../features/product-tour/components/features-page';
import { headFor, loadPage } from '../../../lib/page';

export const Route = createFileRoute('/{-$locale}/features/')({
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'features'),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: FeaturesPage,
});
