import { createFileRoute } from '@tanstack/react-router';
import { UseCasesPage } from '../../../features/use-cases/components/use-cases-page';
import { headFor, loadPage } from '../../../lib/page';

export const Route = createFileRoute('/{-$locale}/use-cases/')({
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'use-cases', 'index.meta'),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: UseCasesPage,
});
