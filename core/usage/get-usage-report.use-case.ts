import type { Actor } from '../shared/actor';
import type { Clock } from '../shared/clock.port';
import type { Outcome } from '../shared/domain-error';
import { fail } from '../shared/domain-error';
import type { TeamId } from '../shared/ids';
import type { Member, NoNameText } from '../workspace/member';
import type { UsageEventRepository } from './usage-event-repository.port';
import type { UsagePeriod, UsageReport } from './usage-report';
import { buildUsageReport, usagePeriodStart } from './usage-report';

/** The Usage page (admins only): ranking and summary for all time or the last month. */
export class GetUsageReport {
  constructor(private readonly deps: { readonly usage: UsageEventRepository; readonly clock: Clock }) {}

  async execute(input: {
    readonly teamId: TeamId;
    readonly actor: Actor;
    readonly period: UsagePeriod;
    /** The workspace's members, for titles and names. */
    readonly members: readonly Member[];
    /** How a member without a name is shown, in the page's language (default English). */
    readonly noName?: NoNameText;
  }): Promise<Outcome<UsageReport>> {
    if (!input.actor.isAdmin) return fail('PERMISSION.USAGE_PAGE');
    const since = usagePeriodStart(input.period, this.deps.clock.now());
    const tallies = await this.deps.usage.tallyByMember(input.teamId, since);
    return buildUsageReport(tallies, input.members, input.noName);
  }
}
