export interface ReadinessProbe {
  /** Resolves when the database answers and every migration is applied; rejects otherwise. */
  check(): Promise<void>;
}

export const HEALTHY = { status: 'ok' } as const;

/** `/readyz`'s answer: 200 ready, or 503 with the reason (no stack, no connection string). */
export async function readiness(probe: ReadinessProbe): Promise<{ status: number; body: Record<string, string> }> {
  try {
    await probe.check();
    return { status: 200, body: { status: 'ready' } };
  } catch (error) {
    return { status: 503, body: { status: 'unavailable', reason: error instanceof Error ? error.message : 'unknown' } };
  }
}
