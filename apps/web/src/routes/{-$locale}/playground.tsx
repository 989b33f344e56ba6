import { createFileRoute } from '@tanstack/react-router';
import { PlaygroundPage } from '../../features/playground/components/playground-page';
import { parsePlaygroundSearch } from '../../features/playground/playground-search';
import { loadPage } from '../../lib/page';
import { pageHead } from '../../lib/seo';

// Not a public page: only a local `npm start` with no Slack app serves its API (apps/playground).
export const Route = createFileRoute('/{-$locale}/playground')({
  validateSearch: parsePlaygroundSearch,
  loader: ({ context, params }) => loadPage(context.i18n, params.locale, 'playground'),
  head: ({ loaderData, match }) => {
    if (!loaderData) return {};
    const head = pageHead(loaderData.meta, match.pathname, loaderData.locale);
    return { ...head, meta: [...head.meta, { name: 'robots', content: 'noindex' }] };
  },
  component: PlaygroundPage,
});
