export interface ReadinessProbe {
  /** Resolves when the database answers and every migration is applied; rejects otherwise. */
  check(): Promise<void>;
  /** States `/readyz` shows beside its status without deciding it (`socketMode: "off"`). */
  details?(): Record<string, string>;
}

/**
 * Components' states a process reports in `/readyz`'s body, set as they change. They inform and
 * do not decide readiness: Socket Mode turned off in Slack's settings is the same for every
 * server, and taking them all out of the load balancer would stop the HTTP ingress too.
 */
export class ComponentStates {
  private readonly states = new Map<string, string>();

  set(component: string, state: string): void {
    this.states.set(component, state);
  }

  snapshot(): Record<string, string> {
    return Object.fromEntries(this.states);
  }
}

export const HEALTHY = { status: 'ok' } as const;

/** A reason not to be ready that is Tomo's own words ('shutting down', 'migration(s) pending'): safe to say anywhere. */
export class NotReady extends Error {}

/** What the public port says for any other failure, whose message may name internal hosts, addresses or the database. */
export const UNAVAILABLE_REASON = 'database unavailable';

/**
 * `/readyz`'s answer: 200 ready, or 503 with the reason (no stack, no connection string). The
 * public port (`internal: false`) names only Tomo's own reasons (`NotReady`); a driver's message
 * (`getaddrinfo ENOTFOUND db.internal`, `connect ECONNREFUSED 10.0.3.7:5432`, the database's name)
 * is said only on the internal METRICS_PORT.
 */
export async function readiness(
  probe: ReadinessProbe,
  options: { internal: boolean } = { internal: false },
): Promise<{ status: number; body: Record<string, string> }> {
  const details = probe.details?.() ?? {};
  try {
    await probe.check();
    return { status: 200, body: { status: 'ready', ...details } };
  } catch (error) {
    const said = error instanceof NotReady || (options.internal && error instanceof Error);
    return { status: 503, body: { status: 'unavailable', reason: said ? error.message : UNAVAILABLE_REASON, ...details } };
  }
}
