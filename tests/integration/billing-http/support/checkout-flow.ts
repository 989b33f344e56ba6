import type { StripeFake } from '../../../fakes/stripe/stripe-fake';
import type { FakeEvent } from '../../../fakes/stripe/stripe-fake-state';
import type { HttpSession } from '../../settings/support/http-session';

/** An admin buys a plan through the real endpoint; the customer pays on the (fake) hosted page. */
export async function buyThroughCheckout(
  admin: HttpSession,
  stripe: StripeFake,
  body: { plan: string; interval?: string; mode?: string; seats?: number },
): Promise<{ sessionId: string; subscriptionId: string; events: FakeEvent[] }> {
  const response = await admin.send('POST', '/api/create-checkout-session', body);
  if (response.status !== 200) throw new Error(`checkout failed: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  const before = stripe.state.events.length;
  const { subscription } = stripe.completeCheckoutSession(id);
  if (!subscription) throw new Error('no subscription created');
  return { sessionId: id, subscriptionId: subscription.id, events: stripe.state.events.slice(before) };
}
