// Products, prices (addressed by lookup keys) and billing meters.
import { form, type FormObject } from './form-codec';
import { invalid, required } from './stripe-fake-errors';
import { list, renderMeter, renderPrice, renderProduct } from './stripe-fake-render';
import { route, type FakeRoute } from './stripe-fake-routing';
import { mergeMetadata, type FakePrice, type Interval, type StripeFakeState } from './stripe-fake-state';

function claimLookupKey(state: StripeFakeState, key: string, transfer: boolean, forPrice: string): void {
  for (const other of state.prices.values()) {
    if (other.id === forPrice || other.lookup_key !== key) continue;
    if (!transfer) {
      throw invalid(`A price (\`${other.id}\`) already uses that lookup key.`, 'lookup_key', 'lookup_key_already_used');
    }
    other.lookup_key = null;
  }
}

function parseRecurring(state: StripeFakeState, raw: FormObject | undefined): FakePrice['recurring'] {
  if (!raw) return null;
  const interval = form.str(raw, 'interval');
  if (interval !== 'month' && interval !== 'year') throw invalid('Invalid recurring[interval]', 'recurring[interval]');
  const usageType = form.str(raw, 'usage_type') ?? 'licensed';
  if (usageType !== 'licensed' && usageType !== 'metered') throw invalid('Invalid recurring[usage_type]', 'recurring[usage_type]');
  const meter = form.str(raw, 'meter') ?? null;
  if (usageType === 'metered') {
    if (!meter) throw invalid('Metered prices must be backed by a meter: pass recurring[meter].', 'recurring[meter]');
    if (!state.meters.has(meter)) throw invalid(`No such meter: '${meter}'`, 'recurring[meter]', 'resource_missing');
  }
  return { interval: interval as Interval, interval_count: form.int(raw, 'interval_count') ?? 1, usage_type: usageType, meter };
}

const productRoutes: FakeRoute[] = [
  route('POST', '/v1/products', (req, state) => {
    const name = form.str(req.form, 'name');
    if (!name) throw required('name');
    const id = form.str(req.form, 'id') ?? state.id('prod');
    if (state.products.has(id)) throw invalid(`Product already exists.`, 'id', 'resource_already_exists');
    const now = state.nowSeconds();
    const product = {
      id,
      name,
      description: form.str(req.form, 'description') ?? null,
      active: form.bool(req.form, 'active') ?? true,
      metadata: form.metadata(req.form),
      unit_label: form.str(req.form, 'unit_label') ?? null,
      created: now,
      updated: now,
    };
    state.products.set(id, product);
    return renderProduct(product);
  }),
  route('GET', '/v1/products/:id', (req, state) => renderProduct(state.product(req.params.id ?? '', 'id'))),
  route('POST', '/v1/products/:id', (req, state) => {
    const product = state.product(req.params.id ?? '', 'id');
    product.name = form.str(req.form, 'name') ?? product.name;
    const description = form.str(req.form, 'description');
    if (description !== undefined) product.description = description === '' ? null : description;
    const unitLabel = form.str(req.form, 'unit_label');
    if (unitLabel !== undefined) product.unit_label = unitLabel === '' ? null : unitLabel;
    product.active = form.bool(req.form, 'active') ?? product.active;
    product.metadata = mergeMetadata(product.metadata, form.metadata(req.form));
    product.updated = state.nowSeconds();
    return renderProduct(product);
  }),
];

const priceRoutes: FakeRoute[] = [
  route('POST', '/v1/prices', (req, state) => {
    const currency = form.str(req.form, 'currency');
    if (!currency) throw required('currency');
    const productId = form.str(req.form, 'product');
    if (!productId) throw required('product');
    state.product(productId);
    const unitAmount = form.int(req.form, 'unit_amount') ?? null;
    const unitAmountDecimal = form.str(req.form, 'unit_amount_decimal') ?? null;
    if (unitAmount === null && unitAmountDecimal === null) throw required('unit_amount');
    const id = state.id('price');
    const lookupKey = form.str(req.form, 'lookup_key') ?? null;
    if (lookupKey) claimLookupKey(state, lookupKey, form.bool(req.form, 'transfer_lookup_key') ?? false, id);
    const price: FakePrice = {
      id,
      product: productId,
      currency: currency.toLowerCase(),
      unit_amount: unitAmount ?? (unitAmountDecimal !== null && Number.isInteger(Number(unitAmountDecimal)) ? Number(unitAmountDecimal) : null),
      unit_amount_decimal: unitAmountDecimal ?? String(unitAmount),
      lookup_key: lookupKey,
      active: form.bool(req.form, 'active') ?? true,
      nickname: form.str(req.form, 'nickname') ?? null,
      metadata: form.metadata(req.form),
      recurring: parseRecurring(state, form.obj(req.form, 'recurring')),
      tax_behavior: form.str(req.form, 'tax_behavior') ?? 'unspecified',
      created: state.nowSeconds(),
    };
    state.prices.set(id, price);
    return renderPrice(price);
  }),
  route('GET', '/v1/prices', (req, state) => {
    const lookupKeys = form.strings(req.form, 'lookup_keys');
    const active = form.bool(req.form, 'active');
    const product = form.str(req.form, 'product');
    const limit = form.int(req.form, 'limit') ?? 10;
    const found = [...state.prices.values()]
      .filter((p) => lookupKeys.length === 0 || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key)))
      .filter((p) => active === undefined || p.active === active)
      .filter((p) => product === undefined || p.product === product)
      .reverse()
      .slice(0, limit);
    return list(found.map(renderPrice), '/v1/prices');
  }),
  route('GET', '/v1/prices/:id', (req, state) => renderPrice(state.price(req.params.id ?? '', 'id'))),
  route('POST', '/v1/prices/:id', (req, state) => {
    const price = state.price(req.params.id ?? '', 'id');
    for (const immutable of ['unit_amount', 'unit_amount_decimal', 'currency', 'recurring', 'product']) {
      if (req.form[immutable] !== undefined) throw invalid(`Received unknown parameter: ${immutable}`, immutable);
    }
    const lookupKey = form.str(req.form, 'lookup_key');
    if (lookupKey !== undefined) {
      if (lookupKey !== '') claimLookupKey(state, lookupKey, form.bool(req.form, 'transfer_lookup_key') ?? false, price.id);
      price.lookup_key = lookupKey === '' ? null : lookupKey;
    }
    price.active = form.bool(req.form, 'active') ?? price.active;
    price.nickname = form.str(req.form, 'nickname') ?? price.nickname;
    price.metadata = mergeMetadata(price.metadata, form.metadata(req.form));
    return renderPrice(price);
  }),
];

const meterRoutes: FakeRoute[] = [
  route('GET', '/v1/billing/meters', (req, state) => {
    const status = form.str(req.form, 'status');
    const found = [...state.meters.values()].filter((m) => status === undefined || m.status === status);
    return list(found.map(renderMeter), '/v1/billing/meters');
  }),
  route('POST', '/v1/billing/meters', (req, state) => {
    const displayName = form.str(req.form, 'display_name');
    const eventName = form.str(req.form, 'event_name');
    const formula = form.str(form.obj(req.form, 'default_aggregation'), 'formula');
    if (!displayName) throw required('display_name');
    if (!eventName) throw required('event_name');
    if (!formula) throw required('default_aggregation[formula]');
    if ([...state.meters.values()].some((m) => m.status === 'active' && m.event_name === eventName)) {
      throw invalid(`An active meter with event_name \`${eventName}\` already exists.`, 'event_name');
    }
    const now = state.nowSeconds();
    const meter = {
      id: state.id('mtr'),
      display_name: displayName,
      event_name: eventName,
      status: 'active' as const,
      default_aggregation: { formula },
      customer_mapping: {
        type: 'by_id' as const,
        event_payload_key: form.str(form.obj(req.form, 'customer_mapping'), 'event_payload_key') ?? 'stripe_customer_id',
      },
      value_settings: { event_payload_key: form.str(form.obj(req.form, 'value_settings'), 'event_payload_key') ?? 'value' },
      created: now,
      updated: now,
    };
    state.meters.set(meter.id, meter);
    return renderMeter(meter);
  }),
];

export const catalogRoutes: FakeRoute[] = [...productRoutes, ...priceRoutes, ...meterRoutes];
