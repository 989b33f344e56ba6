import Stripe from 'stripe';

export interface StripeClientOptions {
  readonly secretKey: string;
  /**
   * STRIPE_API_URL: where the API lives. Unset means api.stripe.com; tests and local runs point
   * it at the HTTP fake (`http://127.0.0.1:PORT`).
   */
  readonly apiUrl?: string | null;
  /** Retries of one request on connection errors, 409 and 5xx (same idempotency key). Default 2. */
  readonly maxNetworkRetries?: number;
  readonly timeoutMs?: number;
}

/** The SDK pointed at `apiUrl` (host, port and protocol are the SDK's own options). */
export function createStripeClient(options: StripeClientOptions): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'Tomo' },
  };
  if (options.apiUrl) {
    const url = new URL(options.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    Object.assign(config, {
      host: url.hostname,
      port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port),
      protocol,
    });
  }
  return new Stripe(options.secretKey, config);
}
