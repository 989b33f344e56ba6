import { PLANS } from '../../../../core/billing/plan-catalog';
import type { SubscriptionRecord } from '../../../../core/billing/subscription';
import { Subscription } from '../../../../core/billing/subscription';
import type { ChannelEntry } from '../../../../core/workspace/channel';
import { channelDisplayName } from '../../../../core/workspace/channel';
import type { Member } from '../../../../core/workspace/member';
import { englishNoName, memberDisplayName, type NoNameText } from '../../../../core/workspace/member';

/**
 * A member in Slack's field names (spec 3 "Member"), plus the display name Tomo shows
 * (`noName`: a nameless one's words in the page's language, `unnamedTexts`).
 */
export function memberView(m: Member, noName: NoNameText = englishNoName) {
  return {
    id: m.id,
    name: m.name ?? '',
    real_name: m.realName ?? '',
    deleted: m.deleted === true,
    profile: {
      title: m.profile?.title ?? '',
      display_name: m.profile?.displayName ?? '',
      display_name_normalized: m.profile?.displayNameNormalized ?? '',
      real_name: m.profile?.realName ?? '',
      real_name_normalized: m.profile?.realNameNormalized ?? '',
    },
    is_primary_owner: m.isPrimaryOwner === true,
    is_owner: m.isOwner === true,
    is_admin: m.isAdmin === true,
    is_restricted: m.isRestricted === true,
    is_ultra_restricted: m.isUltraRestricted === true,
    is_bot: m.isBot === true,
    is_app_user: m.isAppUser === true,
    is_workflow_bot: m.isWorkflowBot === true,
    display_name: memberDisplayName(m, noName),
  };
}

export function channelView(c: ChannelEntry, noName: NoNameText = englishNoName) {
  return { id: c.id, name: channelDisplayName(c, noName) };
}

/** A subscription as the pages show it; status is the effective one at `now`. */
export function subscriptionView(record: SubscriptionRecord, now: Date) {
  const subscription = Subscription.fromRecord(record);
  const plan = PLANS[record.planKey];
  const status = subscription.statusAt(now);
  return {
    id: record.id,
    kind: record.kind,
    planKey: record.planKey,
    planName: plan.name,
    planDisplayName: plan.displayName,
    status,
    /** Why a paused plan is paused (an unknown reason of an older row: its trial ended without a payment method). */
    pauseReason: status === 'paused' ? (record.pauseReason ?? 'trial_ended') : null,
    quantity: record.quantity,
    interval: record.interval,
    billingMode: record.billingMode,
    currentPeriodStart: record.currentPeriodStart.toISOString(),
    currentPeriodEnd: record.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: record.cancelAtPeriodEnd,
    autoRenew: subscription.autoRenew,
  };
}

export type SubscriptionView = ReturnType<typeof subscriptionView>;

export function activeSubscriptions(records: readonly SubscriptionRecord[], now: Date): SubscriptionView[] {
  return records.filter((r) => Subscription.fromRecord(r).isUsableAt(now)).map((r) => subscriptionView(r, now));
}
