import type { Clock } from '../shared/clock.port';
import type { TeamId } from '../shared/ids';
import type { SubscriptionRecord } from '../billing/subscription';
import { lapsedPlans, Subscription } from '../billing/subscription';
import { deny, lapsedReason } from '../entitlement/entitlement';
import type { DomainError } from '../shared/domain-error';
import type { SubscriptionRepository } from '../billing/subscription-repository.port';
import type { InstallInput, InstallationRecord, TrialGrant } from './installation';
import { Installation } from './installation';
import type { InstallationRepository } from './installation-repository.port';

export interface InstallWorkspaceResult {
  readonly installation: InstallationRecord;
  readonly trialGrant: TrialGrant;
  /** The trial subscription started by this install; null when Tomo was already installed. */
  readonly trial: SubscriptionRecord | null;
  /**
   * What the workspace's people are told when they ask, when the install leaves it no usable
   * trial or plan (a later re-install after the one free re-trial, or OAuth run again once the
   * trial ended): the same refusal as in Slack (`ENTITLEMENT.TRIAL_OVER`, `PLAN_ENDED`…). null
   * when Tomo answers.
   */
  readonly refusal: DomainError | null;
}

/**
 * The id of the trial an install grants: one per installation (its `installCount`), so an install
 * that is completed twice (a retry after a failure, two admins at once) writes the same row.
 */
export function installTrialId(teamId: TeamId, installCount: number): string {
  return `trial-${teamId}-${installCount}`;
}

/**
 * Completes an install from the Slack OAuth flow: first install starts a 14-day trial,
 * re-install after an uninstall a new 7-day trial (more when the first trial had more days
 * left); no card needed.
 *
 * The trial is stored before the installation: an installation stored without its trial (the
 * database failing in between) would read as "already installed" on the next try, which grants
 * none, so the workspace would have lost its trial. A trial stored without its installation is
 * harmless (nothing answers without an installation) and the next try writes the same row again.
 */
export class InstallWorkspace {
  constructor(
    private readonly deps: {
      readonly installations: InstallationRepository;
      readonly subscriptions: SubscriptionRepository;
      readonly clock: Clock;
    },
  ) {}

  async execute(input: InstallInput): Promise<InstallWorkspaceResult> {
    const now = this.deps.clock.now();
    const existing = await this.deps.installations.find(input.teamId);
    const reinstall = existing !== null && existing.uninstalledAt !== null && existing.installCount === 1;
    const firstTrial = reinstall
      ? (await this.deps.subscriptions.listByTeam(input.teamId)).find((s) => s.id === installTrialId(input.teamId, 1))
      : undefined;
    const { installation, trial: trialGrant } = Installation.install(existing, input, now, firstTrial?.currentPeriodEnd ?? null);
    const record = installation.toRecord();
    let trial: SubscriptionRecord | null = null;
    if (trialGrant) {
      trial = Subscription.startTrial(installTrialId(input.teamId, record.installCount), input.teamId, now, trialGrant.days).toRecord();
      await this.deps.subscriptions.save(input.teamId, trial);
    }
    await this.deps.installations.save(input.teamId, record);
    let refusal: DomainError | null = null;
    if (!trial) {
      const subscriptions = await this.deps.subscriptions.listByTeam(input.teamId);
      if (!subscriptions.some((s) => Subscription.fromRecord(s).isUsableAt(now))) refusal = deny(lapsedReason(lapsedPlans(subscriptions, now))).error;
    }
    return { installation: record, trialGrant, trial, refusal };
  }
}
