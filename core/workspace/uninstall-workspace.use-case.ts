import type { Clock } from '../shared/clock.port';
import type { TeamId } from '../shared/ids';
import type { SubscriptionRecord } from '../billing/subscription';
import { Subscription } from '../billing/subscription';
import type { SubscriptionRepository } from '../billing/subscription-repository.port';
import { Installation } from './installation';
import type { InstallationRepository } from './installation-repository.port';

export interface UninstallWorkspaceResult {
  /** Subscriptions this uninstall canceled (the billing adapter cancels their external counterparts). */
  readonly canceled: SubscriptionRecord[];
  /** Set when nothing was done: the workspace authorized Tomo again after the uninstall happened. */
  readonly stale?: { readonly code: 'INSTALLATION.REINSTALLED_SINCE'; readonly installedAt: Date };
}

/** What the platform says about the uninstall; without it (older jobs) the uninstall is taken as current. */
export interface UninstallNotice {
  /** The latest moment the uninstall can have happened. */
  readonly occurredBy?: Date;
}

/**
 * Uninstall (app_uninstalled, tokens_revoked): forgets the bot token and cancels every
 * subscription of the workspace at once, without refund. An uninstall that happened before the
 * installation's latest authorization (delivered late: redelivered, or queued while no worker
 * ran) is about an earlier installation and changes nothing.
 */
export class UninstallWorkspace {
  constructor(
    private readonly deps: {
      readonly installations: InstallationRepository;
      readonly subscriptions: SubscriptionRepository;
      readonly clock: Clock;
    },
  ) {}

  async execute(teamId: TeamId, notice: UninstallNotice = {}): Promise<UninstallWorkspaceResult> {
    const now = this.deps.clock.now();
    const record = await this.deps.installations.find(teamId);
    const installation = record ? Installation.fromRecord(record) : null;
    if (record && notice.occurredBy && installation?.authorizedAfter(notice.occurredBy)) {
      return { canceled: [], stale: { code: 'INSTALLATION.REINSTALLED_SINCE', installedAt: record.installedAt } };
    }
    // The subscriptions first: once the installation reads as uninstalled, its trial or plan is
    // already over, so an install that follows (the re-install) sees the whole uninstall and
    // its re-trial, if any, is never the one canceled here.
    const canceled: SubscriptionRecord[] = [];
    for (const row of await this.deps.subscriptions.listByTeam(teamId)) {
      const subscription = Subscription.fromRecord(row);
      if (!subscription.isUsableAt(now)) continue;
      subscription.cancelNow(now);
      await this.deps.subscriptions.save(teamId, subscription.toRecord());
      canceled.push(subscription.toRecord());
    }
    if (installation) {
      installation.uninstall(now);
      await this.deps.installations.save(teamId, installation.toRecord());
    }
    return { canceled };
  }
}
