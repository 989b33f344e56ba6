import { syncStripeCatalog } from '../adapters/stripe/catalog-sync';
import { createStripeClient } from '../adapters/stripe/stripe-client';
import { ConfigError, commonEnv, parseEnv } from './shared/config';
import { runMain } from './shared/process';

// `npm run stripe:sync`: creates or updates Stripe products, meters and prices from the core
// plan catalog. Safe to run again: what already matches is left alone.
runMain(async () => {
  const env = parseEnv(commonEnv, process.env);
  if (!env.STRIPE_SECRET_KEY) throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY is required for stripe:sync (unset)');
  const stripe = createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL ?? null });
  const report = await syncStripeCatalog(stripe);
  for (const entry of report) {
    process.stdout.write(`${entry.action.padEnd(9)} ${entry.kind.padEnd(7)} ${entry.key.padEnd(28)} ${entry.id}\n`);
  }
  const changed = report.filter((e) => e.action !== 'unchanged').length;
  process.stdout.write(changed === 0 ? 'Stripe catalog already up to date.\n' : `Stripe catalog synced: ${changed} change(s).\n`);
});
