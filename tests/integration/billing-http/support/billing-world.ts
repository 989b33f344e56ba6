// The real server and worker with Stripe pointed at the HTTP fake (catalog synced) and Slack at
// its fake (identity provider and directory): an admin and a member of one workspace sign in
// through the real OIDC flow. The fake's clock is the real one, as the server checks webhook
// signatures against its own clock.
import { syncStripeCatalog } from '../../../../adapters/stripe/catalog-sync';
import { createStripeClient } from '../../../../adapters/stripe/stripe-client';
import { PgSubscriptionRepository } from '../../../../adapters/postgres/pg-subscription-repository';
import type { SubscriptionRecord } from '../../../../core/billing/subscription';
import { startFakeSlack, type FakeSlack, type FakeTeam } from '../../../../adapters/slack-emulator/fake-slack';
import { StripeFake } from '../../../fakes/stripe/stripe-fake';
import { startTestApp, type TestApp } from '../../../support/app';
import { HttpSession } from '../../settings/support/http-session';
import { installTomo } from '../../settings/support/slack-world';

export const TEAM = 'T0BILLING1';
export const ADMIN = 'U0BILLADM';
export const MEMBER = 'U0BILLMEM';
export const SLACK_SIGNING_SECRET = 'billing-test-signing-secret';

export interface BillingWorld {
  app: TestApp;
  stripe: StripeFake | null;
  slack: FakeSlack;
  team: FakeTeam;
  admin: HttpSession;
  member: HttpSession;
  /** The workspace's subscription rows, oldest first. */
  rows(teamId?: string): Promise<SubscriptionRecord[]>;
  close(): Promise<void>;
}

export async function startBillingWorld(
  options: {
    billing?: boolean;
    worker?: boolean;
    /** Share another world's Stripe (not stopped by this one). */
    stripe?: StripeFake;
    /** More of the server's environment (e.g. STRIPE_CUSTOM_DOMAIN_URL). */
    env?: Record<string, string>;
  } = {},
): Promise<BillingWorld> {
  const stripe = options.billing === false ? null : (options.stripe ?? (await StripeFake.start()));
  if (stripe && !options.stripe) {
    stripe.setNow(() => new Date());
    await syncStripeCatalog(createStripeClient({ secretKey: 'sk_test_tomo_fake', apiUrl: stripe.url }));
  }
  const slack = await startFakeSlack();
  const team = slack.addTeam({ id: TEAM, name: 'Billing Co' });
  slack.addUser({ id: ADMIN, teamId: TEAM, name: 'ada', realName: 'Ada Admin', email: 'ada@billing.test', isAdmin: true });
  slack.addUser({ id: MEMBER, teamId: TEAM, name: 'max', realName: 'Max Member', email: 'max@billing.test' });
  const app = await startTestApp(
    {
      SLACK_CLIENT_ID: slack.settings.clientId,
      SLACK_CLIENT_SECRET: slack.settings.clientSecret,
      SLACK_OIDC_ISSUER: slack.origin,
      SLACK_API_URL: slack.url,
      SLACK_SIGNING_SECRET,
      ...(stripe ? { STRIPE_SECRET_KEY: 'sk_test_tomo_fake', STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url } : {}),
      ...options.env,
    },
    { worker: options.worker ?? true },
  );
  await installTomo(app, team);
  const admin = new HttpSession(app.baseUrl);
  const member = new HttpSession(app.baseUrl);
  await admin.signIn(slack, { teamId: TEAM, userId: ADMIN });
  await member.signIn(slack, { teamId: TEAM, userId: MEMBER });
  const subscriptions = new PgSubscriptionRepository(app.database.orm);
  return {
    app,
    stripe,
    slack,
    team,
    admin,
    member,
    rows: (teamId = TEAM) => subscriptions.listByTeam(teamId),
    async close() {
      await app.close();
      await slack.close();
      if (!options.stripe) await stripe?.stop();
    },
  };
}

/** Polls until `check` returns a value other than undefined/false (the worker runs in the background). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Ids of the Stripe events the worker has applied (or deliberately ignored). */
export async function processedEventIds(app: TestApp): Promise<string[]> {
  const rows = await app.database.orm.em.getConnection().execute<{ event_id: string }[]>('select event_id from processed_stripe_events order by event_id');
  return rows.map((r) => r.event_id);
}

/**
 * Waits until the worker has applied every subscription and invoice event Stripe has sent so far:
 * one still queued would re-read its subscription later, after whatever the test does next.
 */
export async function eventsSoFarApplied(app: TestApp, stripe: StripeFake): Promise<void> {
  const sentSoFar = stripe.state.events.filter((e) => e.type.startsWith('customer.subscription.') || e.type.startsWith('invoice.')).map((e) => e.id);
  await eventually(async () => {
    const applied = new Set(await processedEventIds(app));
    return sentSoFar.every((id) => applied.has(id));
  }, 'the events so far applied');
}
