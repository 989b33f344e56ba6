import { TriggerUseCase } from '../triggers/trigger-use-case';
import { isChatPlatformError } from '../assistant/chat-platform-error';
import type { TriggerDeps } from '../assistant/answer-pipeline';
import type { OpenWorkspace } from '../triggers/trigger-gate';
import type { SubscriptionRepository } from '../billing/subscription-repository.port';
import type { SeatAssignmentRepository } from '../seats/seat-assignment-repository.port';
import type { TeamId, UserId } from '../shared/ids';
import { decideTrigger, triggerSettings, type IgnoreReason } from '../triggers/decide-trigger';
import { usageWindow } from '../usage/request-limit';
import type { UsageEventRepository } from '../usage/usage-event-repository.port';
import { isAdmin, isFullMemberOf } from '../workspace/member';
import { HOME_SOURCES_PER_KIND, homeFacts, type HomeFacts, type HomeKnowledge, type HomeNotice } from './home-facts';
import type { SubscriptionRecord } from '../billing/subscription';
import { knowledgeQuotaOf } from '../knowledge/knowledge-plan';
import { canRemoveSource } from '../knowledge/knowledge-source';
import type { KnowledgeSourceRepository } from '../knowledge/knowledge-source-repository.port';
import type { HomeView } from './home-view';
import type { HomeViewHashRepository, HomeViewState } from './home-view-hash-repository.port';

/**
 * Publishes refused as stale before the last try goes without a hash. Each try reads the state
 * again, so a refusal means someone published newer state meanwhile; after that many in a row
 * the stored hash is probably behind Slack's (a worker died between its publish and saving
 * the hash), and a view of state read just now is the freshest there is.
 */
const HASHED_TRIES = 3;

/** app_home_opened, or a click asking for a fresh Home, as ids. */
export interface PublishHomeInput {
  /** The event id, or the click's trigger id: each is published once. */
  readonly eventId: string;
  readonly teamId: TeamId;
  readonly userId: UserId;
  /** Slack's `tab`: only the Home tab gets a view. */
  readonly tab: string;
  /** Why the click that asked for this Home did nothing: shown at its top, until the next publish. */
  readonly notice?: HomeNotice;
  /**
   * A publish no one asked for (a source's progress): a notice shown less than `NOTICE_KEPT_MS`
   * ago stays, so the person gets to read it. An open of the tab or Refresh clears it.
   */
  readonly keepsNotice?: boolean;
}

/** How long a publish that keeps notices (`keepsNotice`) shows one at the top of Home. */
export const NOTICE_KEPT_MS = 60_000;

export interface PublishHomeDeps extends TriggerDeps {
  readonly subscriptions: SubscriptionRepository;
  readonly seats: SeatAssignmentRepository;
  readonly usage: UsageEventRepository;
  /** The workspace's uploaded sources, for the uploaders' sections (absent: no such sections). */
  readonly knowledge?: Pick<KnowledgeSourceRepository, 'newestOfEachKind' | 'usage'>;
  /** Builds the localized view from its sections (the apps layer owns texts and sections). */
  readonly renderHome: (facts: HomeFacts) => HomeView;
  /** The hash of each person's Home at the last publish (absent: published without one). */
  readonly homeHashes?: HomeViewHashRepository;
}

export type PublishHomeResult =
  | { readonly status: 'ignored'; readonly reason: IgnoreReason | 'duplicate' | 'not_installed' | 'person_not_found' }
  | { readonly status: 'published' };

/**
 * Tomo's Home tab (views.publish), for the person opening it: what Tomo can do, the plan or
 * trial with the days left, their seat and this month's usage, links to the settings pages.
 */
export class PublishHome extends TriggerUseCase<PublishHomeDeps> {
  async execute(input: PublishHomeInput): Promise<PublishHomeResult> {
    const gate = await this.gate.open({ key: input.eventId, teamId: input.teamId, type: 'app_home_opened' });
    if (!gate.open) return { status: 'ignored', reason: gate.reason };
    const { workspace } = gate;
    const decision = decideTrigger(
      { kind: 'app_home_opened', teamId: input.teamId, userId: input.userId, tab: input.tab },
      triggerSettings(workspace.self),
    );
    if (!decision.respond) return { status: 'ignored', reason: decision.reason };

    for (let attempt = 0; ; attempt += 1) {
      // The hash is read before the state: a publish in between makes Slack refuse this one,
      // and the next try reads state at least as new as what that publish showed.
      const known = await this.deps.homeHashes?.find(input.teamId, input.userId);
      const notice = this.noticeOf(input, known?.notice ?? null);
      const view = await this.view(workspace, input, notice?.code);
      let published;
      try {
        published = await workspace.platform.publishHome(input.userId, view, attempt < HASHED_TRIES ? known?.hash : undefined);
      } catch (error) {
        // A person the installation cannot show a Home to (`user_not_found`: a Slack Connect
        // partner, whose Home belongs to their own workspace; or someone gone since) ends here:
        // a retry would be refused the same way, and nothing is wrong with Tomo.
        if (isChatPlatformError(error) && error.code === 'not_found') return { status: 'ignored', reason: 'person_not_found' };
        throw error;
      }
      if (published.status === 'published') {
        if (published.hash !== null) await this.deps.homeHashes?.save(input.teamId, input.userId, { hash: published.hash, notice });
        return { status: 'published' };
      }
    }
  }

  /** The notice this publish shows: the click's own, or one shown moments ago that it keeps. */
  private noticeOf(input: PublishHomeInput, shown: HomeViewState['notice']): HomeViewState['notice'] {
    const now = this.deps.clock.now();
    if (input.notice) return { code: input.notice, shownAt: now };
    if (input.keepsNotice && shown && now.getTime() - shown.shownAt.getTime() < NOTICE_KEPT_MS) return shown;
    return null;
  }

  /** The person's Home as the state reads now. */
  private async view(workspace: OpenWorkspace, input: PublishHomeInput, notice: HomeNotice | undefined): Promise<HomeView> {
    const now = this.deps.clock.now();
    const person = await this.pipeline.asker(workspace, input.userId);
    const [subscriptions, assignments, tallies] = await Promise.all([
      this.deps.subscriptions.listByTeam(input.teamId),
      this.deps.seats.listByTeam(input.teamId),
      this.deps.usage.tallyByMember(input.teamId, usageWindow(now).start),
    ]);
    const admin = isAdmin(person.profile);
    // Guests and people of other organizations (Slack Connect) see the sources without the Add buttons.
    const canAdd = isFullMemberOf(person.profile, input.teamId);
    const knowledge = this.deps.knowledge ? await this.knowledgeFacts(this.deps.knowledge, input, subscriptions, now, admin, canAdd) : undefined;
    const facts = homeFacts({
      now,
      userId: input.userId,
      locale: person.locale,
      ...(person.profile?.timeZone === undefined ? {} : { timeZone: person.profile.timeZone }),
      appName: person.appName,
      isAdmin: admin,
      subscriptions,
      assignments,
      usage: tallies.find((t) => t.memberId === input.userId),
      ...(knowledge ? { knowledge } : {}),
      ...(notice ? { notice } : {}),
    });
    return this.deps.renderHome(facts);
  }

  private async knowledgeFacts(
    repository: Pick<KnowledgeSourceRepository, 'newestOfEachKind' | 'usage'>,
    input: PublishHomeInput,
    subscriptions: readonly SubscriptionRecord[],
    now: Date,
    admin: boolean,
    canAdd: boolean,
  ): Promise<HomeKnowledge> {
    const { plan, quota } = knowledgeQuotaOf(subscriptions, now);
    const [{ sources, counts }, usage] = await Promise.all([repository.newestOfEachKind(input.teamId, HOME_SOURCES_PER_KIND), repository.usage(input.teamId)]);
    return { plan, quota, usage, counts, canAdd, sources: sources.map((s) => ({ ...s, canRemove: canRemoveSource(s, input.userId, admin) })) };
  }
}
