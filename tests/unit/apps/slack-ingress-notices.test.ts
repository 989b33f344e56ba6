import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../adapters/logging/logger';
import { SlackIngress } from '../../../apps/server/http/slack/slack-ingress';

/** Slack's notice that it dropped a workspace's events reaches the operators' log. */
describe('Slack ingress notices', () => {
  it("logs Slack's app_rate_limited notice as a warning with the workspace, and queues nothing", async () => {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const queued: unknown[] = [];
    const ingress = new SlackIngress({
      queue: { send: async (...args: unknown[]) => void queued.push(args), sendMany: async (...args: unknown[]) => void queued.push(args) } as never,
      stash: {} as never,
      handlers: [],
      botUsers: { of: async () => undefined, installed: async () => false },
      clock: { now: () => new Date() },
      logger: createLogger({ format: 'json', destination }),
    });
    const outcome = await ingress.acceptEvent(
      { token: 't', type: 'app_rate_limited', team_id: 'T123ADS', minute_rate_limited: 1518467820, api_app_id: 'A123' },
      { transport: 'http' },
    );
    expect(outcome).toEqual({ kind: 'accepted' });
    expect(queued).toEqual([]);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        teamId: 'T123ADS',
        minuteRateLimited: 1518467820,
        msg: 'Slack dropped events: the app passed its event rate limit for this workspace',
      }),
    ]);
  });
});
