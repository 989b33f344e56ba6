import { createFileRoute, notFound } from '@tanstack/react-router';
import { UseCasePage } from '../../../features/use-cases/components/use-case-page';
import { headFor, loadPage } from '../../../lib/page';
import { isUseCaseSlug } from '../../../lib/public-routes';

export const Route = createFileRoute('/{-$locale}/use-cases/$useCase')({
  beforeLoad: ({ params }) => {
    if (!isUseCaseSlug(params.useCase)) throw notFound();
    return { useCase: params.useCase };
  },
  // Every use case's list entry (`use-cases`) and this page's own body (`use-case-<slug>`).
  loader: ({ context, params }) =>
    loadPage(context.i18n, params.locale, 'use-cases', `pages.${context.useCase}.meta`, [`use-case-${context.useCase}`]),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: UseCasePage,
});
