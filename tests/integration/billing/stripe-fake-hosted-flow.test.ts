import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BillingWebhookEvent } from '../../../core/billing/payment-gateway.port';
import { PUBLIC_URL, startStripeHarness, type StripeHarness } from '../../fakes/stripe/stripe-test-harness';

let h: StripeHarness;
let receiver: Server;
const received: BillingWebhookEvent[] = [];

beforeEach(async () => {
  h = await startStripeHarness();
  received.length = 0;
  // A stand-in for Tomo's webhook route: verify the raw body with the gateway, 400 when it fails.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void h.gateway.verifyWebhook(Buffer.concat(chunks), req.headers['stripe-signature'] as string | undefined).then((verified) => {
        if (verified.ok) received.push(verified.event);
        res.writeHead(verified.ok ? 200 : 400).end();
      });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterEach(async () => {
  await h.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('the fake as a browser and a webhook sender see it', () => {
  it('paying on the hosted checkout page redirects to the success URL and delivers signed events', async () => {
    h.fake.deliverWebhooksTo(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/stripe/webhook`);
    const { customerId } = await h.gateway.ensureCustomer({ teamId: 'T700' });
    const session = await h.gateway.createCheckoutSession({ teamId: 'T700', customerId, planKey: 'gpt50', interval: 'monthly', billingMode: 'fixed_rate', seats: 2 });

    const page = await fetch(session.url);
    expect(await page.text()).toContain('Tomo Standard × 2');
    const paid = await fetch(`${session.url}/complete`, { method: 'POST', redirect: 'manual' });
    await h.fake.flushWebhooks();

    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${PUBLIC_URL}/pricing?checkout=success`);
    const subscriptionId = h.fake.state.checkoutSessions.get(session.id)?.subscription;
    const billing = received.filter((e) => e.type !== 'ignored');
    expect(billing.map((e) => [e.type, e.subscriptionId]).sort()).toEqual([
      ['checkout.session.completed', subscriptionId],
      ['customer.subscription.created', subscriptionId],
      ['invoice.paid', subscriptionId],
    ]);
    // customer.created is delivered too and passed through as ignored.
    expect(received.filter((e) => e.type === 'ignored')).toMatchObject([{ originalType: 'customer.created' }]);
  });

  it('a delivery signed with the wrong secret is answered 400', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/stripe/webhook`;
    const sub = await h.subscribe({ teamId: 'T701', planKey: 'gpt50_4k_50r', interval: 'monthly', billingMode: 'fixed_rate', seats: 1 });
    const event = h.fake.eventsOfType('customer.subscription.created').at(-1)!;
    const { payload, signature } = h.fake.signedWebhook(event, { secret: 'whsec_not_tomos' });

    const response = await fetch(url, { method: 'POST', headers: { 'stripe-signature': signature }, body: payload });

    expect(response.status).toBe(400);
    expect(received).toEqual([]);
    expect(sub.status).toBe('active');
  });
});
