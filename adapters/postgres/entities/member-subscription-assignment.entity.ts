import { defineEntity, p } from '@mikro-orm/core';

// A seat: one member (user or bot) of a workspace holding a seat of one subscription.
export const MemberSubscriptionAssignmentEntity = defineEntity({
  name: 'MemberSubscriptionAssignment',
  tableName: 'member_subscription_assignments',
  properties: {
    id: p.string().length(64).primary(),
    teamId: p.string().length(32),
    subscriptionId: p.string().length(64),
    memberId: p.string().length(32),
    modelId: p.string().length(64),
    kind: p.string().length(16),
    assignedAt: p.datetime(),
    updatedAt: p.datetime(),
    updatedBy: p.string().length(32).nullable(),
  },
  uniques: [{ name: 'member_subscription_assignments_team_member_unique', properties: ['teamId', 'subscriptionId', 'memberId'] }],
  indexes: [{ name: 'member_subscription_assignments_subscription_index', properties: ['teamId', 'subscriptionId'] }],
});
