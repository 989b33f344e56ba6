import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SignInFirst } from '../../../components/sign-in-first';
import { fetchMe } from '../../../lib/api/get-me';
import type { MeState } from '../../../lib/api/get-me';

/**
 * Pathless layout for signed-in pages (/settings/*). They are never prerendered: the server
 * answers them with the client-only shell and the browser renders them. The guard asks GET /api/me;
 * 401, 404 or any failure counts as signed out and shows the sign-in prompt instead.
 * Child routes read the user with `Route.useRouteContext()` → `{ me }`.
 */
export const Route = createFileRoute('/{-$locale}/_signed-in')({
  beforeLoad: async (): Promise<{ session: MeState }> => ({ session: await fetchMe() }),
  head: () => ({ meta: [{ name: 'robots', content: 'noindex' }] }),
  component: SignedInLayout,
});

function SignedInLayout() {
  const { session } = Route.useRouteContext();
  if (session.status !== 'signed-in') return <SignInFirst />;
  return <Outlet />;
}
