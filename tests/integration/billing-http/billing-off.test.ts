import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgSubscriptionRepository } from '../../../adapters/postgres/pg-subscription-repository';
import { QUEUES } from '../../../apps/shared/queues';
import { Subscription } from '../../../core/billing/subscription';
import { HttpSession } from '../settings/support/http-session';
import { ADMIN, eventually, startBillingWorld, TEAM, type BillingWorld } from './support/billing-world';

let w: BillingWorld;
beforeAll(async () => {
  w = await startBillingWorld({ billing: false });
});
afterAll(() => w.close());

const NOT_CONFIGURED = {
  error: {
    code: 'BILLING.NOT_CONFIGURED',
    message: 'Payments are not set up on this Tomo server yet, so plans cannot be bought. The free trial still works.',
  },
};

describe('without STRIPE_SECRET_KEY billing is off', () => {
  it('tells the web app, so plan buttons say Coming soon', async () => {
    const config = (await (await fetch(`${w.app.baseUrl}/api/public-config`)).json()) as { billingEnabled: boolean };
    expect(config.billingEnabled).toBe(false);
  });

  it.each([
    ['POST', '/api/create-checkout-session', { plan: 'gpt50', seats: 1 }],
    ['POST', '/api/create-setup-session', {}],
    ['POST', '/api/create-portal-session', {}],
    ['GET', '/api/billing/subscriptions/any/seats/preview?quantity=2', undefined],
    ['POST', '/api/billing/subscriptions/any/seats', { quantity: 2 }],
    ['POST', '/api/billing/subscriptions/any/auto-renew', { autoRenew: true }],
    ['GET', '/api/stripe/get-a-product?plan=gpt50', undefined],
  ] as const)('%s %s answers 503 "billing not configured"', async (method, path, body) => {
    const response = await w.admin.send(method, path, body);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual(NOT_CONFIGURED);
  });

  it('says so in Japanese on a Japanese page, spaced around Tomo as the other Japanese text is', async () => {
    const ja = new HttpSession(w.app.baseUrl, 'ja');
    await ja.signIn(w.slack, { teamId: TEAM, userId: ADMIN });
    const response = await ja.send('POST', '/api/create-checkout-session', { plan: 'gpt50', seats: 1 });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: {
        code: 'BILLING.NOT_CONFIGURED',
        message: 'この Tomo サーバーではまだ決済が設定されていないため、プランを購入できません。無料トライアルは引き続きご利用いただけます。',
      },
    });
  });

  it('a webhook delivery is refused with 503 (Stripe retries later) and nothing crashes', async () => {
    const response = await fetch(`${w.app.baseUrl}/api/stripe/webhook`, { method: 'POST', headers: { 'stripe-signature': 't=1,v1=x' }, body: '{}' });
    expect(response.status).toBe(503);
    expect((await fetch(`${w.app.baseUrl}/readyz`)).status).toBe(200);
  });

  it('the trial keeps working, and billing jobs finish without doing anything', async () => {
    const now = new Date();
    await new PgSubscriptionRepository(w.app.database.orm).save(TEAM, Subscription.startTrial('trial-1', TEAM, now, 14).toRecord());
    const active = (await (await w.admin.get(`/api/search-active-subscriptions?teamId=${TEAM}`)).json()) as { id: string; status: string }[];
    expect(active).toMatchObject([{ id: 'trial-1', status: 'trialing' }]);

    await w.app.queue.send(QUEUES.billingMeterEvents.name, {});
    await w.app.queue.send(QUEUES.billingCancelWorkspace.name, { teamId: TEAM });
    const outputs = await eventually(async () => {
      const jobs = await w.app.database.orm.em
        .getConnection()
        .execute<{ name: string; state: string; output: { status?: string } | null }[]>(
          `select name, state, output from pgboss.job where name in ('billing-meter-events', 'billing-cancel-workspace') and state = 'completed'`,
        );
      return jobs.length >= 2 && jobs;
    }, 'billing jobs completed');
    expect(outputs.every((job) => job.output?.status === 'billing_off')).toBe(true);
  });
});
