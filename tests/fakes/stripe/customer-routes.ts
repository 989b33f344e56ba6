import { form } from './form-codec';
import { renderCustomer } from './stripe-fake-render';
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
    return renderCustomer(customer);
  }),
  route('POST', '/v1/customers/:id', (req, state) => {
    const customer = state.customer(req.params.id ?? '', 'id');
    customer.name = form.str(req.form, 'name') ?? customer.name;
    customer.email = form.str(req.form, 'email') ?? customer.email;
    customer.metadata = mergeMetadata(customer.metadata, form.metadata(req.form));
    return renderCustomer(customer);
  }),
];
