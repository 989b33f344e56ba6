import type { Clock } from '../shared/clock.port';
import type { TeamId, UserId } from '../shared/ids';
import type { Outcome } from '../shared/domain-error';
import { fail, ok } from '../shared/domain-error';
import type { UserRecord } from './user';
import { toLocale } from './user';
import type { UserRepository } from './user-repository.port';

export interface SignInInput {
  readonly teamId: TeamId | null | undefined;
  readonly userId: UserId | null | undefined;
  readonly email: string;
  readonly name: string;
  readonly locale?: string | null;
}

/** Sign-in with Slack: the account is created automatically on first sign-in (spec 1). */
export class SignInUser {
  constructor(private readonly deps: { readonly users: UserRepository; readonly clock: Clock }) {}

  async execute(input: SignInInput): Promise<Outcome<{ user: UserRecord; created: boolean }>> {
    if (!input.teamId) return fail('AUTH.TEAM_ID_MISSING');
    if (!input.userId) return fail('AUTH.USER_ID_MISSING');
    const now = this.deps.clock.now();
    const existing = await this.deps.users.find(input.teamId, input.userId);
    const user: UserRecord = {
      teamId: input.teamId,
      userId: input.userId,
      email: input.email,
      name: input.name,
      locale: input.locale ? toLocale(input.locale) : (existing?.locale ?? toLocale(null)),
      createdAt: existing?.createdAt ?? now,
      lastSignedInAt: now,
    };
    await this.deps.users.save(input.teamId, user);
    return ok({ user, created: existing === null });
  }
}
