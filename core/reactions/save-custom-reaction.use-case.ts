import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { IdGenerator } from '../shared/id-generator.port';
import type { TeamId, UserId } from '../shared/ids';
import type { CustomReactionRecord } from './reaction';
import type { ReactionSettingsRepository } from './reaction-settings-repository.port';
import type { CustomReactionDraft } from './reaction-rules';
import { validateCustomReaction } from './reaction-rules';

/** Add (no id) or edit (id) a custom reaction from the Reactions page modal. */
export class SaveCustomReaction {
  constructor(
    private readonly deps: {
      readonly reactions: ReactionSettingsRepository;
      readonly clock: Clock;
      readonly ids: IdGenerator;
    },
  ) {}

  async execute(input: {
    readonly teamId: TeamId;
    readonly userId: UserId;
    readonly draft: CustomReactionDraft;
  }): Promise<Outcome<CustomReactionRecord>> {
    // Checked and saved as one step: a reaction added meanwhile (a second click on Create,
    // another admin) is among `existing`, so its name is refused instead of stored twice.
    return this.deps.reactions.saveChecked(input.teamId, (existing) => {
      if (input.draft.id !== undefined && !existing.some((r) => r.id === input.draft.id)) {
        return fail('REACTION.NOT_FOUND');
      }
      const valid = validateCustomReaction(input.draft, existing);
      if (!valid.ok) return valid;
      return ok({
        teamId: input.teamId,
        id: input.draft.id ?? this.deps.ids.next(),
        ...valid.value,
        updatedBy: input.userId,
        updatedAt: this.deps.clock.now(),
      });
    });
  }
}

/** Delete a custom reaction (the page asks 'Are you sure you want to delete this reaction?' first). */
export class DeleteCustomReaction {
  constructor(private readonly deps: { readonly reactions: ReactionSettingsRepository }) {}

  async execute(input: { readonly teamId: TeamId; readonly id: string }): Promise<Outcome<void>> {
    const deleted = await this.deps.reactions.delete(input.teamId, input.id);
    return deleted ? ok(undefined) : fail('REACTION.NOT_FOUND');
  }
}
