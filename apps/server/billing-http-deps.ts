import type { Logger } from '../../adapters/logging/logger';
import type { Database } from '../../adapters/postgres/database';
import { PgCustomerRepository } from '../../adapters/postgres/pg-customer-repository';
import { isStripeError } from '../../adapters/stripe/stripe-errors';
import { stripeGatewayFromEnv } from '../../adapters/stripe/stripe-gateway-factory';
import type { JobQueue } from '../../core/shared/job-queue.port';
import type { ServerConfig } from './config';
import type { BillingHttpDeps } from './http/billing/billing-deps';
import type { SignedInPorts } from './http/session/signed-in-api';
import { currentUser, listedMembers } from './http/session/signed-in';
import { WorkspaceAccess } from './http/session/workspace-access';

/**
 * Billing's HTTP dependencies bound to production adapters: the Stripe gateway (null without
 * STRIPE_SECRET_KEY), PostgreSQL, and the signed-in session with admin rights read from Slack.
 */
export function billingHttpDeps(input: {
  config: ServerConfig;
  logger: Logger;
  database: Database;
  queue: JobQueue;
  ports: SignedInPorts;
}): BillingHttpDeps {
  const { config, logger, database, queue, ports } = input;
  const access = new WorkspaceAccess({ directory: ports.directory, logger });
  return {
    gateway: stripeGatewayFromEnv(config, ports.clock),
    isProviderError: isStripeError,
    async resolveCaller(_req, res) {
      const user = currentUser(res);
      if (!user) return undefined;
      const actor = await access.actor(user, listedMembers(res)?.members);
      return { teamId: user.teamId, userId: user.userId, isAdmin: actor.isAdmin };
    },
    customers: new PgCustomerRepository(database.orm),
    subscriptions: ports.subscriptions,
    seats: ports.seats,
    installations: ports.installations,
    users: ports.users,
    queue,
    clock: ports.clock,
    ids: ports.ids,
    logger,
    publicUrl: config.PUBLIC_URL,
  };
}
