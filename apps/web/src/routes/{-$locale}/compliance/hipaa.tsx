import { createFileRoute } from '@tanstack/react-router';
import { HipaaPage } from '../../../features/legal/components/hipaa-page';
import { headFor, loadPage } from '../../../lib/page';

export const Route = createFileRoute('/{-$locale}/compliance/hipaa')({
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'hipaa'),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: HipaaPage,
});
