import { createFileRoute } from '@tanstack/react-router';
import { RoadmapPage } from '../../../features/product-tour/components/roadmap-page';
import { headFor, loadPage } from '../../../lib/page';

export const Route = createFileRoute('/{-$locale}/features/roadmap')({
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'roadmap'),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: RoadmapPage,
});
