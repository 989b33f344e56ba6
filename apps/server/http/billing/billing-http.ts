import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { PaymentGateway } from '../../../../core/billing/payment-gateway.port';
import type { DomainError } from '../../../../core/shared/domain-error';
import { sendDomainError } from '../session/api-errors';
import type { BillingCaller, BillingHttpDeps } from './billing-deps';

/** Status codes of billing outcomes (other codes follow the shared mapping). */
const STATUS: Record<string, number> = {
  'BILLING.NOT_CONFIGURED': 503,
  'BILLING.PROVIDER_UNAVAILABLE': 502,
  'BILLING.PREVIEW_EXPIRED': 409,
  'SUBSCRIPTION.NOT_ACTIVE': 409,
  'SUBSCRIPTION.IS_TRIAL': 409,
  'SUBSCRIPTION.NOT_PAUSED': 409,
  'SUBSCRIPTION.RESUME_PAYMENT_FAILED': 402,
  'SUBSCRIPTION.INVOICE_DUE': 402,
  'SUBSCRIPTION.NO_OPEN_INVOICE': 409,
};

export function sendBillingError(req: Request, res: Response, error: Pick<DomainError, 'code'> & Partial<DomainError>): void {
  const status = STATUS[error.code];
  sendDomainError(req, res, { code: error.code, ...(error.params ? { params: error.params } : {}) }, status ? { status } : {});
}

type BillingHandler = (req: Request, res: Response, ctx: { gateway: PaymentGateway; caller: BillingCaller }) => Promise<void>;

/**
 * The frame of every signed-in billing endpoint: billing configured (else 503), signed in
 * (else 401), admin unless `anyMember` (else 403), and provider failures answered 502 with
 * nothing changed. Other errors go to the error handler (500).
 */
export function billingEndpoint(deps: BillingHttpDeps, handler: BillingHandler, options: { anyMember?: boolean } = {}): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const gateway = deps.gateway;
    if (!gateway) {
      sendBillingError(req, res, { code: 'BILLING.NOT_CONFIGURED' });
      return;
    }
    try {
      const caller = await deps.resolveCaller(req, res);
      if (!caller) {
        sendBillingError(req, res, { code: 'AUTH.TEAM_ID_MISSING' });
        return;
      }
      if (!options.anyMember && !caller.isAdmin) {
        sendBillingError(req, res, { code: 'PERMISSION.ADMIN_REQUIRED' });
        return;
      }
      res.setHeader('Cache-Control', 'no-store');
      await handler(req, res, { gateway, caller });
    } catch (error) {
      if (!deps.isProviderError(error)) {
        next(error);
        return;
      }
      deps.logger.warn({ err: error, path: req.path }, 'payment provider call failed');
      sendBillingError(req, res, { code: 'BILLING.PROVIDER_UNAVAILABLE' });
    }
  };
}

/** HTML form posts get a 303 to the hosted page; API calls (JSON) get `{ id, url }`. */
export function redirectOrJson(req: Request, res: Response, session: { id: string; url: string }): void {
  if (req.is('application/json')) res.json({ id: session.id, url: session.url });
  else res.redirect(303, session.url);
}
