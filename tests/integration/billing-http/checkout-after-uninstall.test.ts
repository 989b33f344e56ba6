import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../../../adapters/slack/verify-slack-signature';
import type { StripeFake } from '../../fakes/stripe/stripe-fake';
import { eventually, SLACK_SIGNING_SECRET, startBillingWorld, TEAM, type BillingWorld } from './support/billing-world';

let w: BillingWorld;
let stripe: StripeFake;
beforeAll(async () => {
  w = await startBillingWorld();
  stripe = w.stripe!;
});
afterAll(() => w.close());

async function uninstallFromSlack(): Promise<void> {
  const body = JSON.stringify({
    team_id: TEAM,
    api_app_id: w.team.appId,
    type: 'event_callback',
    event_id: 'Ev0UNINSTALLCO',
    event_time: Math.floor(Date.now() / 1000),
    event: { type: 'app_uninstalled' },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${w.app.baseUrl}/slack/events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': signSlackRequest(SLACK_SIGNING_SECRET, timestamp, body),
    },
    body,
  });
  expect(response.status).toBe(200);
}

async function uninstalledAt(): Promise<Date | null> {
  const rows = await w.app.database.orm.em
    .getConnection()
    .execute<{ uninstalled_at: Date | null }[]>('select uninstalled_at from installations where team_id = ?', [TEAM]);
  return rows[0]?.uninstalled_at ?? null;
}

describe('a Checkout paid after the workspace uninstalled Tomo', () => {
  it('is canceled at Stripe at once, as the uninstall would have, and its row ends', async () => {
    stripe.deliverWebhooksTo(`${w.app.baseUrl}/api/stripe/webhook`);
    // The admin opens Checkout (the link lives up to 24 h at Stripe)...
    const opened = await w.admin.send('POST', '/api/create-checkout-session', { plan: 'gpt50', seats: 2 });
    expect(opened.status).toBe(200);
    const { id: sessionId } = (await opened.json()) as { id: string };

    // ...Tomo is uninstalled and the billing job has run (nothing open to cancel yet)...
    await uninstallFromSlack();
    await eventually(async () => (await uninstalledAt()) !== null, 'the uninstall');
    await eventually(async () => stripe.callsTo('GET', '/v1/subscriptions').length > 0, 'the uninstall billing job');

    // ...then the customer pays on the still open Checkout page.
    const { subscription } = stripe.completeCheckoutSession(sessionId);
    const subscriptionId = subscription!.id;
    await stripe.flushWebhooks();

    await eventually(async () => stripe.state.subscription(subscriptionId).status === 'canceled', 'the Stripe cancellation');
    const cancel = stripe.callsTo('DELETE', `/v1/subscriptions/${subscriptionId}`);
    expect(cancel).toHaveLength(1);
    // The same call as the uninstall job's: no refund, the same idempotency key; its final invoice
    // has nothing to bill (the first period was just paid, nothing is pending).
    expect(cancel[0]).toMatchObject({ idempotencyKey: `cancel:${subscriptionId}`, params: { prorate: 'false', invoice_now: 'true' } });
    expect(stripe.invoicesOf(subscriptionId).map((i) => i.amount_due)).toEqual([stripe.invoicesOf(subscriptionId)[0]!.amount_due, 0]);
    const canceledAt = new Date(stripe.state.subscription(subscriptionId).canceled_at! * 1000);
    const rows = await eventually(async () => {
      const found = await w.rows();
      const row = found.find((r) => r.externalId === subscriptionId);
      return row?.status === 'canceled' && found;
    }, 'the canceled row');
    expect(rows.find((r) => r.externalId === subscriptionId)).toMatchObject({ status: 'canceled', canceledAt });
    expect(rows.filter((r) => r.status === 'active')).toEqual([]);
  });
});
