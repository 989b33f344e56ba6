import { createFileRoute } from '@tanstack/react-router';
import { InstructionsPage } from '../../../../features/settings-instructions/components/instructions-page';
import { loadSettingsPage, settingsHead } from '../../../../lib/settings/settings-route';

export const Route = createFileRoute('/{-$locale}/_signed-in/settings/instructions')({
  loader: ({ context, params }) => loadSettingsPage(context.i18n, params.locale, 'instructions'),
  head: ({ loaderData }) => settingsHead(loaderData),
  component: InstructionsPage,
});
