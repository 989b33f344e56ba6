import { createFileRoute } from '@tanstack/react-router';
import { SettingsHome } from '../../../../features/settings-home/components/settings-home';

export const Route = createFileRoute('/{-$locale}/_signed-in/settings/')({
  loader: ({ context }) => ({ title: context.i18n.t('menu.settings') }),
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.title ?? 'Settings'} | Tomo` }] }),
  component: SettingsHome,
});
