import { createFileRoute, notFound } from '@tanstack/react-router';

// '/pricing' is English, '/ja/pricing' Japanese; any other first segment is not a locale.
// No component: the route only validates the prefix and renders its children.
export const Route = createFileRoute('/{-$locale}')({
  beforeLoad: ({ params }) => {
    if (params.locale !== undefined && params.locale !== 'ja') throw notFound();
  },
});
