import { createFileRoute } from '@tanstack/react-router';
import { VdpPage } from '../../../features/legal/components/vdp-page';
import { headFor, loadPage } from '../../../lib/page';

export const Route = createFileRoute('/{-$locale}/security/vdp')({
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'vdp'),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: VdpPage,
});
