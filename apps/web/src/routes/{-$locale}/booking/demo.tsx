import { createFileRoute } from '@tanstack/react-router';
import { BookingPage } from '../../../features/booking/components/booking-page';
import { headFor, loadPage } from '../../../lib/page';

export const Route = createFileRoute('/{-$locale}/booking/demo')({
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'booking'),
  head: ({ loaderData, match }) => headFor(loaderData, match.pathname),
  component: BookingPage,
});
