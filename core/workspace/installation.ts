import type { TeamId, UserId } from '../shared/ids';
import { FIRST_INSTALL_TRIAL_DAYS, REINSTALL_TRIAL_DAYS } from '../billing/subscription';
import { DAY_MS } from '../shared/time';

/** What persistence stores for one workspace's installation of Tomo (table `installations`). */
export interface InstallationRecord {
  readonly teamId: TeamId;
  readonly teamName: string;
  /** Tomo's bot user id in this workspace (U…): its own messages are never answered. */
  readonly botUserId: UserId;
  /** Tomo's bot id (B…), as it appears on `bot_message` events. */
  readonly botId: string;
  /** Plain text in core; the persistence adapter encrypts it at rest. null once uninstalled. */
  readonly botToken: string | null;
  readonly installedBy: UserId;
  readonly firstInstalledAt: Date;
  /**
   * When Slack last authorized this installation: the install, a re-install, or a repeated OAuth
   * flow while installed. An uninstall Slack reports as having happened before it is stale.
   */
  readonly installedAt: Date;
  readonly uninstalledAt: Date | null;
  /** 1 on first install, +1 on every re-install after an uninstall. */
  readonly installCount: number;
}

export interface InstallInput {
  readonly teamId: TeamId;
  readonly teamName: string;
  readonly botUserId: UserId;
  readonly botId: string;
  readonly botToken: string;
  readonly installedBy: UserId;
}

/**
 * The trial an install grants: 14 days the first time, 7 days on the first re-install (or the
 * days the first trial still had, when more: uninstalling early must not cost a trial's days),
 * none when already installed or re-installed before (uninstalling again must not renew it).
 */
export type TrialGrant = { readonly days: number; readonly reason: 'first_install' | 'reinstall' } | null;

export class Installation {
  private constructor(private state: InstallationRecord) {}

  static fromRecord(record: InstallationRecord): Installation {
    return new Installation({ ...record });
  }

  /**
   * First install, re-install after an uninstall, or a repeated OAuth flow while installed
   * (token refresh, new scopes): the first install and the first re-install start a trial.
   * `firstTrialEnd`: when the first install's trial was to end (the uninstall canceled it).
   */
  static install(
    existing: InstallationRecord | null,
    input: InstallInput,
    now: Date,
    firstTrialEnd: Date | null = null,
  ): { installation: Installation; trial: TrialGrant } {
    if (!existing) {
      return {
        installation: new Installation({ ...input, firstInstalledAt: now, installedAt: now, uninstalledAt: null, installCount: 1 }),
        trial: { days: FIRST_INSTALL_TRIAL_DAYS, reason: 'first_install' },
      };
    }
    if (existing.uninstalledAt === null) {
      // Also the re-install of an admin whose uninstall is not recorded yet (Slack redelivering
      // app_uninstalled, the job waiting for a worker): the new authorization outdates it.
      return { installation: new Installation({ ...existing, ...input, installedAt: now }), trial: null };
    }
    return {
      installation: new Installation({
        ...existing,
        ...input,
        installedAt: now,
        uninstalledAt: null,
        installCount: existing.installCount + 1,
      }),
      // The re-trial is given once: a workspace uninstalling and installing again gets no new one.
      trial: existing.installCount === 1 ? { days: reinstallTrialDays(firstTrialEnd, now), reason: 'reinstall' } : null,
    };
  }

  /** Authorized (again) after `at`: an uninstall that happened by then is about an earlier installation. */
  authorizedAfter(at: Date): boolean {
    return this.state.installedAt.getTime() > at.getTime();
  }

  /** Uninstalling forgets the token; subscriptions are canceled by the use case. */
  uninstall(now: Date): void {
    this.state = { ...this.state, uninstalledAt: now, botToken: null };
  }

  toRecord(): InstallationRecord {
    return { ...this.state };
  }
}

/** 7 days, or the whole days (rounded up) the first trial had left when that is more. */
function reinstallTrialDays(firstTrialEnd: Date | null, now: Date): number {
  const left = firstTrialEnd === null ? 0 : Math.ceil((firstTrialEnd.getTime() - now.getTime()) / DAY_MS);
  return Math.max(REINSTALL_TRIAL_DAYS, left);
}
