import { createFileRoute } from '@tanstack/react-router';
import { PricingPage } from '../../features/pricing/components/pricing-page';
import { parsePricingSearch } from '../../features/pricing/pricing-search';
import { headFor, loadPage } from '../../lib/page';

export const Route = createFileRoute('/{-$locale}/pricing')({
  validateSearch: parsePricingSearch,
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'pricing'),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: PricingPage,
});
