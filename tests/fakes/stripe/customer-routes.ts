import { form } from './form-codec';
import { renderCustomer, renderSubscription } from './stripe-fake-render';
import { route, type FakeRoute } from './stripe-fake-routing';
import { missing } from './stripe-fake-errors';
import { mergeMetadata } from './stripe-fake-state';

export const customerRoutes: FakeRoute[] = [
  route('POST', '/v1/customers', (req, state) => {
    const customer = {
      id: state.id('cus'),
      name: form.str(req.form, 'name') ?? null,
      email: form.str(req.form, 'email') ?? null,
      metadata: form.metadata(req.form),
      created: state.nowSeconds(),
      deleted: false,
    };
    state.customers.set(customer.id, customer);
    state.emit('customer.created', renderCustomer(customer));
    return renderCustomer(customer);
  }),
  route('GET', '/v1/customers/:id', (req, state) => {
    const customer = state.customers.get(req.params.id ?? '');
    if (!customer) throw missing('customer', req.params.id ?? '');
    return renderCustomer(customer, state);
  }),
  route('POST', '/v1/customers/:id', (req, state) => {
    const customer = state.customer(req.params.id ?? '', 'id');
    customer.name = form.str(req.form, 'name') ?? customer.name;
    customer.email = form.str(req.form, 'email') ?? customer.email;
    customer.metadata = mergeMetadata(customer.metadata, form.metadata(req.form));
    return renderCustomer(customer, state);
  }),
  // https://docs.stripe.com/api/customers/delete: "Permanently deletes a customer. It cannot be
  // undone. Also immediately cancels any active subscriptions on the customer." Answers
  // `{ id, object: 'customer', deleted: true }`; the deleted customer can still be retrieved (the
  // same stub). What the Dashboard's delete does too.
  route('DELETE', '/v1/customers/:id', (req, state) => {
    const customer = state.customer(req.params.id ?? '', 'id');
    const now = state.nowSeconds();
    for (const sub of state.subscriptions.values()) {
      if (sub.customer !== customer.id || sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
      sub.status = 'canceled';
      sub.canceled_at = now;
      sub.ended_at = now;
      sub.cancel_at_period_end = false;
      sub.cancel_at = null;
      sub.pending_lines = [];
      delete sub.paused;
      state.emit('customer.subscription.deleted', renderSubscription(state, sub));
    }
    // The event carries the customer as it was; the API answers the deleted stub.
    state.emit('customer.deleted', renderCustomer(customer));
    customer.deleted = true;
    return renderCustomer(customer);
  }),
];
