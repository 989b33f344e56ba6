// Stand-ins for checkout.stripe.com and billing.stripe.com, so a browser test can click through:
// the checkout page has Pay and Cancel, the portal page has a link back, the hosted invoice page
// (an invoice's `hosted_invoice_url`) has Pay while it is open.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { completeCheckoutSession } from './checkout-routes';
import { payInvoice } from './invoice-routes';
import type { StripeFakeState } from './stripe-fake-state';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(res: ServerResponse, title: string, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><main>${body}</main></body></html>`);
}

/** Answers a hosted page request; returns false when the path is not one. */
export function serveHostedPage(req: IncomingMessage, res: ServerResponse, path: string, state: StripeFakeState): boolean {
  const checkout = /^\/checkout\/([^/]+)(\/complete)?$/.exec(path);
  if (checkout) {
    const session = state.checkoutSessions.get(checkout[1] ?? '');
    if (!session) {
      res.writeHead(404).end('No such checkout session');
      return true;
    }
    if (checkout[2] && req.method === 'POST') {
      completeCheckoutSession(state, session.id);
      res.writeHead(303, { location: session.success_url ?? '/' }).end();
      return true;
    }
    const items = session.line_items
      .map((line) => {
        const price = state.prices.get(line.price);
        const name = price ? (state.products.get(price.product)?.name ?? price.product) : line.price;
        return `<li>${escape(name)}${line.quantity === null ? '' : ` × ${line.quantity}`}</li>`;
      })
      .join('');
    const action = session.mode === 'setup' ? 'Save payment method' : 'Pay';
    page(
      res,
      'Fake Stripe Checkout',
      `<h1>Fake Stripe Checkout</h1><ul>${items}</ul>` +
        `<form method="post" action="/checkout/${escape(session.id)}/complete"><button type="submit">${action}</button></form>` +
        `<a href="${escape(session.cancel_url ?? '/')}">Cancel</a>`,
    );
    return true;
  }
  const hostedInvoice = /^\/invoice\/([^/]+)(\/pay)?$/.exec(path);
  if (hostedInvoice) {
    const invoice = state.invoices.get(hostedInvoice[1] ?? '');
    if (!invoice) {
      res.writeHead(404).end('No such invoice');
      return true;
    }
    if (hostedInvoice[2] && req.method === 'POST') {
      if (invoice.status === 'open') payInvoice(state, invoice.id);
      res.writeHead(303, { location: `/invoice/${invoice.id}` }).end();
      return true;
    }
    const amount = `${(invoice.amount_due / 100).toFixed(2)} ${invoice.currency.toUpperCase()}`;
    page(
      res,
      'Fake Stripe Invoice',
      `<h1>Fake Stripe Invoice</h1><p>${escape(invoice.id)}</p><p data-testid="amount">${escape(amount)}</p>` +
        (invoice.status === 'open'
          ? `<form method="post" action="/invoice/${escape(invoice.id)}/pay"><button type="submit">Pay ${escape(amount)}</button></form>`
          : `<p data-testid="invoice-status">Invoice ${escape(invoice.status)}</p>`),
    );
    return true;
  }
  const portal = /^\/portal\/([^/]+)$/.exec(path);
  if (portal) {
    const session = state.portalSessions.get(portal[1] ?? '');
    if (!session) {
      res.writeHead(404).end('No such portal session');
      return true;
    }
    page(res, 'Fake Stripe Customer Portal', `<h1>Fake Stripe Customer Portal</h1><p>${escape(session.customer)}</p><a href="${escape(session.return_url ?? '/')}">Return</a>`);
    return true;
  }
  return false;
}
