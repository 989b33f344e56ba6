import type { Clock } from '../shared/clock.port';
import type { IdGenerator } from '../shared/id-generator.port';
import type { SubscriptionRecord } from '../billing/subscription';
import { Subscription } from '../billing/subscription';
import type { SubscriptionRepository } from '../billing/subscription-repository.port';
import type { InstallInput, InstallationRecord, TrialGrant } from './installation';
import { Installation } from './installation';
import type { InstallationRepository } from './installation-repository.port';

export interface InstallWorkspaceResult {
  readonly installation: InstallationRecord;
  readonly trialGrant: TrialGrant;
  /** The trial subscription started by this install; null when Tomo was already installed. */
  readonly trial: SubscriptionRecord | null;
}

/**
 * Completes an install from the Slack OAuth flow: first install starts a 14-day trial,
 * re-install after an uninstall a new 7-day trial; no card needed.
 */
export class InstallWorkspace {
  constructor(
    private readonly deps: {
      readonly installations: InstallationRepository;
      readonly subscriptions: SubscriptionRepository;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async execute(input: InstallInput): Promise<InstallWorkspaceResult> {
    const now = this.deps.clock.now();
    const existing = await this.deps.installations.find(input.teamId);
    const { installation, trial: trialGrant } = Installation.install(existing, input, now);
    await this.deps.installations.save(input.teamId, installation.toRecord());
    if (!trialGrant) return { installation: installation.toRecord(), trialGrant, trial: null };
    const trial = Subscription.startTrial(this.deps.ids.next(), input.teamId, now, trialGrant.days);
    await this.deps.subscriptions.save(input.teamId, trial.toRecord());
    return { installation: installation.toRecord(), trialGrant, trial: trial.toRecord() };
  }
}
