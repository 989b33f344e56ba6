import type { Clock } from '../shared/clock.port';
import type { TeamId, UserId } from '../shared/ids';
import type { ProcessedEventLog } from '../shared/processed-event-log.port';
import type { InstallationRepository } from '../workspace/installation-repository.port';
import type { ChatWorkspace, ChatWorkspaceFactory } from './chat-workspace.port';

/** A workspace a trigger may act in: its Slack client and Tomo's own ids there. */
export interface OpenWorkspace {
  readonly teamId: TeamId;
  readonly platform: ChatWorkspace;
  readonly self: { readonly userId: UserId; readonly botId: string };
  /** The person who installed Tomo: whose language speaks for the workspace when an event names nobody (a greeting without inviter). */
  readonly installedBy?: UserId;
}

export type GateResult =
  | { readonly open: true; readonly workspace: OpenWorkspace }
  | { readonly open: false; readonly reason: 'duplicate' | 'not_installed' };

/** The longest claim key the processed-event log stores. */
const MAX_KEY_LENGTH = 64;

/**
 * A trigger's idempotency key from its parts (an event id; a schedule and its local day; a
 * function execution…). Keys longer than the log stores keep their start and end a hash of
 * the whole, so two different long keys stay different.
 */
export function claimKey(...parts: readonly string[]): string {
  const key = parts.join(':');
  if (key.length <= MAX_KEY_LENGTH) return key;
  const hash = hash53(key).toString(36);
  return `${key.slice(0, MAX_KEY_LENGTH - hash.length - 1)}#${hash}`;
}

/**
 * The one "claim, then act" step every trigger goes through before it says anything in
 * Slack: the key is recorded once (a primary key in PostgreSQL, so of any number of workers
 * and deliveries exactly one wins), then the installation is loaded. A duplicate, or a
 * workspace that uninstalled Tomo, stops here.
 */
export class TriggerGate {
  constructor(
    private readonly deps: {
      readonly processedEvents: ProcessedEventLog;
      readonly installations: InstallationRepository;
      readonly chat: ChatWorkspaceFactory;
      readonly clock: Clock;
    },
  ) {}

  /**
   * `platform`: one the trigger already opened for this workspace before claiming (to read the
   * message first); the answer goes on with it, so what it looked up (profiles) is not asked again.
   */
  async open(claim: { readonly key: string; readonly teamId: TeamId; readonly type: string; readonly platform?: ChatWorkspace }): Promise<GateResult> {
    const { deps } = this;
    const claimed = await deps.processedEvents.markProcessed(
      { eventId: claim.key, teamId: claim.teamId, type: claim.type },
      deps.clock.now(),
    );
    if (!claimed) return { open: false, reason: 'duplicate' };
    const workspace = await this.workspaceOf(claim.teamId, claim.platform);
    return workspace ? { open: true, workspace } : { open: false, reason: 'not_installed' };
  }

  /**
   * The workspace without a claim, for work whose own writes make it happen once (a gone owner's
   * summary turned off only by whoever turns it off); null when Tomo is not installed there.
   */
  async workspaceOf(teamId: TeamId, platform?: ChatWorkspace): Promise<OpenWorkspace | null> {
    const installation = await this.deps.installations.find(teamId);
    if (!installation || installation.uninstalledAt !== null || !installation.botToken) return null;
    const self = { userId: installation.botUserId, botId: installation.botId };
    const chat = platform ?? this.deps.chat.forWorkspace({ teamId, botToken: installation.botToken, botUserId: self.userId });
    return { teamId, platform: chat, self, installedBy: installation.installedBy };
  }
}

/** cyrb53: a small, well-spread 53-bit string hash (core may not use node:crypto). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
