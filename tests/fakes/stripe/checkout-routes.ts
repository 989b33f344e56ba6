// Checkout Sessions and Customer Portal sessions, plus what happens when a customer pays on the
// hosted page: the subscription is created and Stripe's events are emitted.
import { form } from './form-codec';
import { invoiceFirstPeriod, renderInvoice } from './invoice-routes';
import { FakeStripeError, invalid, required } from './stripe-fake-errors';
import { renderCheckoutSession, renderPortalSession, renderSubscription } from './stripe-fake-render';
import { route, type FakeRoute } from './stripe-fake-routing';
import { addInterval, type FakeCheckoutSession, type FakeSubscription, type StripeFakeState } from './stripe-fake-state';

function parseLineItems(state: StripeFakeState, raw: ReturnType<typeof form.objects>): FakeCheckoutSession['line_items'] {
  return raw.map((entry, index) => {
    const priceId = form.str(entry, 'price');
    if (!priceId) throw required(`line_items[${index}][price]`);
    const price = state.price(priceId, `line_items[${index}][price]`);
    if (!price.active) throw invalid(`The price specified is inactive. This field only accepts active prices.`, `line_items[${index}][price]`);
    if (!price.recurring) throw invalid('You must provide at least one recurring price in `subscription` mode.', 'line_items');
    const quantity = form.int(entry, 'quantity') ?? null;
    if (price.recurring.usage_type === 'metered' && quantity !== null) {
      throw invalid(`Quantity should not be specified where usage_type is \`metered\`. Remove quantity from \`line_items[${index}]\`.`, `line_items[${index}][quantity]`);
    }
    if (price.recurring.usage_type === 'licensed' && (quantity === null || quantity < 1)) {
      throw invalid(`Quantity is required. Add \`quantity\` to \`line_items[${index}]\`.`, `line_items[${index}][quantity]`);
    }
    return { price: price.id, quantity };
  });
}

const createCheckoutSession = route('POST', '/v1/checkout/sessions', (req, state) => {
  if (req.form.payment_method_types !== undefined) {
    throw new FakeStripeError(400, 'invalid_request_error', 'payment_method_types is no longer supported; use allowed_payment_method_types.', 'payment_method_types_no_longer_supported', 'payment_method_types');
  }
  const mode = form.str(req.form, 'mode');
  if (mode !== 'subscription' && mode !== 'setup' && mode !== 'payment') throw required('mode');
  const successUrl = form.str(req.form, 'success_url');
  if (!successUrl) throw required('success_url');
  const customer = form.str(req.form, 'customer') ?? null;
  if (customer) state.customer(customer);
  const rawItems = form.objects(req.form, 'line_items');
  const currency = form.str(req.form, 'currency') ?? null;
  if (mode === 'setup') {
    if (rawItems.length > 0) throw invalid('line_items cannot be used in `setup` mode.', 'line_items');
    if (!currency) throw invalid('currency is required in `setup` mode when using dynamic payment methods.', 'currency');
  } else if (rawItems.length === 0) {
    throw required('line_items');
  }
  const now = state.nowSeconds();
  const session: FakeCheckoutSession = {
    id: state.id('cs_test'),
    mode,
    customer,
    client_reference_id: form.str(req.form, 'client_reference_id') ?? null,
    success_url: successUrl,
    cancel_url: form.str(req.form, 'cancel_url') ?? null,
    currency: currency ?? (rawItems.length > 0 ? 'usd' : null),
    metadata: form.metadata(req.form),
    allowed_payment_method_types: form.strings(req.form, 'allowed_payment_method_types'),
    line_items: mode === 'setup' ? [] : parseLineItems(state, rawItems),
    subscription_data: { metadata: form.metadata(form.obj(req.form, 'subscription_data')) },
    status: 'open',
    payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
    subscription: null,
    setup_intent: null,
    created: now,
    expires_at: now + 24 * 3600,
  };
  state.checkoutSessions.set(session.id, session);
  return renderCheckoutSession(state, session);
});

const createPortalSession = route('POST', '/v1/billing_portal/sessions', (req, state) => {
  const customer = form.str(req.form, 'customer');
  if (!customer) throw required('customer');
  state.customer(customer);
  const session = { id: state.id('bps'), customer, return_url: form.str(req.form, 'return_url') ?? null, created: state.nowSeconds() };
  state.portalSessions.set(session.id, session);
  return renderPortalSession(state, session);
});

export const checkoutRoutes: FakeRoute[] = [createCheckoutSession, createPortalSession];

/** The customer paid (or saved a wallet) on the hosted page: what Stripe does next. */
export function completeCheckoutSession(state: StripeFakeState, id: string): { session: FakeCheckoutSession; subscription: FakeSubscription | null } {
  const session = state.checkoutSessions.get(id);
  if (!session) throw new Error(`No such checkout session: ${id}`);
  if (session.status !== 'open') throw new Error(`Checkout session ${id} is ${session.status}`);
  if (!session.customer) {
    const customer = { id: state.id('cus'), name: null, email: 'buyer@example.com', metadata: {}, created: state.nowSeconds(), deleted: false };
    state.customers.set(customer.id, customer);
    session.customer = customer.id;
  }
  const now = state.nowSeconds();
  let subscription: FakeSubscription | null = null;
  if (session.mode === 'subscription') {
    subscription = {
      id: state.id('sub'),
      customer: session.customer,
      status: 'active',
      metadata: { ...session.subscription_data.metadata },
      items: session.line_items.map((line) => ({
        id: state.id('si'),
        price: line.price,
        quantity: line.quantity,
        current_period_start: now,
        current_period_end: addInterval(now, state.price(line.price).recurring?.interval ?? 'month'),
        created: now,
      })),
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: now,
      start_date: now,
      billing_cycle_anchor: now,
      pending_lines: [],
      latest_invoice: null,
    };
    state.subscriptions.set(subscription.id, subscription);
    session.subscription = subscription.id;
    session.payment_status = 'paid';
    // The first period is invoiced and paid in the checkout; the subscription then names it as its latest invoice.
    const invoice = invoiceFirstPeriod(state, subscription);
    state.emit('customer.subscription.created', renderSubscription(state, subscription));
    state.emit('invoice.paid', renderInvoice(state, invoice));
  } else if (session.mode === 'setup') {
    session.setup_intent = state.id('seti');
  }
  session.status = 'complete';
  state.emit('checkout.session.completed', renderCheckoutSession(state, session));
  return { session, subscription };
}
