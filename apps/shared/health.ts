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

/** `/readyz`'s answer: 200 ready, or 503 with the reason (no stack, no connection string). */
export async function readiness(probe: ReadinessProbe): Promise<{ status: number; body: Record<string, string> }> {
  const details = probe.details?.() ?? {};
  try {
    await probe.check();
    return { status: 200, body: { status: 'ready', ...details } };
  } catch (error) {
    return { status: 503, body: { status: 'unavailable', reason: error instanceof Error ? error.message : 'unknown', ...details } };
  }
}
