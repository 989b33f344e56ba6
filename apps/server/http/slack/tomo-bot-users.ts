import type { Clock } from '../../../../core/shared/clock.port';
import type { InstallationRepository } from '../../../../core/workspace/installation-repository.port';

/** How long a workspace's bot user id is reused before the installation is read again. */
const TTL_MS = 60_000;

/**
 * Tomo's bot user id in a workspace, from its stored installation, for the ack path. An event's
 * `authorizations` holds at most one party the event is visible to, and Slack says not to rely on
 * which (changelog 2020-09-15): with people's user tokens installed it may be a person, so it
 * cannot tell who Tomo is. One indexed read per workspace a minute; lookups in flight are
 * shared; a failed read and a workspace without installation are not remembered.
 */
export class TomoBotUsers {
  private readonly cache = new Map<string, { until: number; value: Promise<string | undefined> }>();

  constructor(
    private readonly installations: Pick<InstallationRepository, 'find'>,
    private readonly clock: Clock,
  ) {}

  of(teamId: string): Promise<string | undefined> {
    const now = this.clock.now().getTime();
    const hit = this.cache.get(teamId);
    if (hit && hit.until > now) return hit.value;
    const value = this.installations.find(teamId).then((installation) => installation?.botUserId);
    const entry = { until: now + TTL_MS, value };
    this.cache.set(teamId, entry);
    const forget = () => {
      if (this.cache.get(teamId) === entry) this.cache.delete(teamId);
    };
    value.then((botUserId) => botUserId === undefined && forget(), forget);
    return value;
  }

  /** Whether Tomo is installed in the workspace now (a token, not uninstalled); one indexed read, not cached. */
  async installed(teamId: string): Promise<boolean> {
    const installation = await this.installations.find(teamId);
    return installation !== null && installation.uninstalledAt === null && Boolean(installation.botToken);
  }
}
