import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgSubscriptionRepository } from '../../../adapters/postgres/pg-subscription-repository';
import { signSlackRequest } from '../../../adapters/slack/verify-slack-signature';
import { createStripeClient } from '../../../adapters/stripe/stripe-client';
import { translate } from '../../../apps/shared/messages';
import { slackText } from '../../../apps/shared/messages/slack';
import type { StripeFake } from '../../fakes/stripe/stripe-fake';
import { buyThroughCheckout } from './support/checkout-flow';
import { eventually, MEMBER, SLACK_SIGNING_SECRET, startBillingWorld, TEAM, type BillingWorld } from './support/billing-world';

let w: BillingWorld;
let stripe: StripeFake;
const CHANNEL = 'C0PAUSE01';
beforeAll(async () => {
  w = await startBillingWorld();
  stripe = w.stripe!;
  stripe.deliverWebhooksTo(`${w.app.baseUrl}/api/stripe/webhook`);
  w.slack.addChannel({ id: CHANNEL, teamId: TEAM, name: 'general' });
  w.slack.join(CHANNEL, w.team.botUserId);
});
afterAll(() => w.close());

let eventCount = 0;
async function slackEvent(event: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({
    team_id: TEAM,
    api_app_id: w.team.appId,
    type: 'event_callback',
    event_id: `Ev0PAUSE${++eventCount}`,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ team_id: TEAM, user_id: w.team.botUserId, is_bot: true }],
    event,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${w.app.baseUrl}/slack/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': timestamp, 'x-slack-signature': signSlackRequest(SLACK_SIGNING_SECRET, timestamp, body) },
    body,
  });
  expect(response.status).toBe(200);
}

/** What the member is told when they mention Tomo in #general. */
async function memberAsks(): Promise<string[]> {
  const question = w.slack.addMessage({ channel: CHANNEL, user: MEMBER, text: `<@${w.team.botUserId}> question` });
  await slackEvent({ type: 'app_mention', user: MEMBER, text: question.text, ts: question.ts, channel: CHANNEL, event_ts: question.ts });
  return eventually(async () => {
    const replies = w.slack.botReplies(CHANNEL, question.ts).map((m) => m.text);
    return replies.length > 0 && replies;
  }, 'the reply to the member');
}

/** Every text of the member's App Home, once Tomo published it again for this opening. */
async function memberHome(): Promise<string> {
  const before = w.slack.callsTo('views.publish').length;
  await slackEvent({ type: 'app_home_opened', user: MEMBER, channel: 'D0PAUSEHOME', tab: 'home', event_ts: `${Date.now() / 1000}` });
  await eventually(async () => w.slack.callsTo('views.publish').length > before, 'App Home published');
  return JSON.stringify(w.slack.homeOf(MEMBER)?.blocks ?? []);
}

describe('a plan paused through Stripe\'s pause endpoint', () => {
  it('is paused on request, not a trial without a payment method: members and App Home are told an admin can resume it, the admin sees why and resumes it', async () => {
    // The workspace's trial is over: the paid plan is all it has.
    const repository = new PgSubscriptionRepository(w.app.database.orm);
    for (const trial of (await w.rows()).filter((r) => r.kind === 'trial')) {
      await repository.save(TEAM, { ...trial, currentPeriodEnd: new Date(Date.now() - 86_400_000) });
    }
    const bought = await buyThroughCheckout(w.admin, stripe, { plan: 'gpt50', seats: 2 });
    await stripe.flushWebhooks();
    const ours = async () => (await w.rows()).find((r) => r.externalId === bought.subscriptionId);
    await eventually(async () => (await ours())?.status === 'active', 'the active row');
    const id = (await ours())!.id;

    // Paused with Stripe's pause endpoint (the Dashboard, or the portal where it offers pausing), through the real SDK.
    const dashboard = createStripeClient({ secretKey: 'sk_test_dashboard', apiUrl: stripe.url });
    const paused = await dashboard.subscriptions.pause(bought.subscriptionId);
    expect(paused.status).toBe('paused');
    expect(paused.status_details?.paused).toMatchObject({ type: 'subscription', subscription: { type: 'pause_requested' } });
    expect(paused.billing_mode.type).toBe('flexible');
    // Only an active subscription pauses.
    await expect(dashboard.subscriptions.pause(bought.subscriptionId)).rejects.toThrow(/status=active/);
    await stripe.flushWebhooks();
    await eventually(async () => (await ours())?.status === 'paused', 'the paused row');
    expect(await ours()).toMatchObject({ status: 'paused', pauseReason: 'requested', canceledAt: null });

    // The member is told the plan is paused and an admin can resume it, with the Subscription page; no word of a trial.
    const subscriptionUrl = `${w.app.config.PUBLIC_URL}/settings/subscription`;
    expect(await memberAsks()).toEqual([translate('ENTITLEMENT.PLAN_PAUSED', { subscriptionUrl }, 'en')]);
    expect(translate('ENTITLEMENT.PLAN_PAUSED', { subscriptionUrl }, 'en')).toContain('can resume the plan');
    expect(translate('ENTITLEMENT.PLAN_PAUSED', { subscriptionUrl }, 'en')).not.toContain('trial');
    const home = await memberHome();
    expect(home).toContain(slackText('HOME.PLAN_PAUSED', { appName: 'Tomo' }, 'en'));
    expect(home).not.toContain(slackText('HOME.PLAN_PAYMENT_METHOD_NEEDED', { appName: 'Tomo' }, 'en'));

    // The admin's Subscription page lists it as paused on request; the member sees no Resume (403).
    type View = { id: string; status: string; pauseReason: string | null };
    const page = (await (await w.admin.get('/api/settings/subscription')).json()) as { past: View[] };
    expect(page.past.filter((s) => s.id === id).map((s) => [s.status, s.pauseReason])).toEqual([['paused', 'requested']]);
    expect((await w.member.send('POST', `/api/billing/subscriptions/${id}/resume`, {})).status).toBe(403);

    // The admin resumes it from the Subscription page: Stripe resumes it, the member is answered again.
    expect((await w.admin.send('POST', `/api/billing/subscriptions/${id}/resume`, {})).status).toBe(200);
    expect(stripe.state.subscription(bought.subscriptionId).status).toBe('active');
    await stripe.flushWebhooks();
    await eventually(async () => (await ours())?.status === 'active', 'the resumed row');
    expect(await memberHome()).not.toContain(slackText('HOME.PLAN_PAUSED', { appName: 'Tomo' }, 'en'));
  });
});
