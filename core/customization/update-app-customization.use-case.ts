import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { TeamId, UserId } from '../shared/ids';
import type { AppCustomizationRecord } from './app-customization';
import type { AppCustomizationRepository } from './app-customization-repository.port';
import { validateAppName } from './app-customization-rules';

/** A change on the App page; omitted fields keep their value. */
export interface AppCustomizationChange {
  /** '' or null reverts to the default name. */
  readonly appName?: string | null;
  /** Object key of an icon already validated (validateIconUpload) and stored; null removes it. */
  readonly iconKey?: string | null;
  readonly greetingWhenJoiningChannel?: boolean;
}

export class UpdateAppCustomization {
  constructor(private readonly deps: { readonly customizations: AppCustomizationRepository; readonly clock: Clock }) {}

  async execute(input: {
    readonly teamId: TeamId | null | undefined;
    readonly userId: UserId | null | undefined;
    readonly change: AppCustomizationChange;
  }): Promise<Outcome<AppCustomizationRecord & { readonly previousIconKey: string | null }>> {
    const { teamId, userId, change } = input;
    if (!teamId) return fail('AUTH.TEAM_ID_MISSING');
    if (!userId) return fail('AUTH.USER_ID_MISSING');
    let appName: string | null | undefined;
    if (change.appName !== undefined) {
      const valid = validateAppName(change.appName);
      if (!valid.ok) return valid;
      appName = valid.value;
    }
    const now = this.deps.clock.now();
    // Read and write as one step: a change made meanwhile (another admin, another tab) is kept.
    const { previous, saved } = await this.deps.customizations.update(teamId, (current) => ({
      teamId,
      appName: appName !== undefined ? appName : (current?.appName ?? null),
      iconKey: change.iconKey !== undefined ? change.iconKey : (current?.iconKey ?? null),
      greetingWhenJoiningChannel: change.greetingWhenJoiningChannel ?? current?.greetingWhenJoiningChannel ?? true,
      updatedBy: userId,
      updatedAt: now,
    }));
    return ok({ ...saved, previousIconKey: previous?.iconKey ?? null });
  }
}
