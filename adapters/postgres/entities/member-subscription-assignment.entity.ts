import { defineEntity, p } from '@mikro-orm/core';

// A seat: one member (user or bot) holding a seat of one subscription. Column names follow the
// spec (model_id is the plan at assignment time, updated_at is when it was assigned).
export const MemberSubscriptionAssignmentEntity = defineEntity({
  name: 'MemberSubscriptionAssignment',
  tableName: 'member_subscription_assignments',
  properties: {
    teamId: p.string().length(32).primary(),
    subscriptionId: p.string().length(64).primary(),
    memberId: p.string().length(32).primary(),
    memberKind: p.string().length(8),
    modelId: p.string().length(32),
    assignmentKind: p.string().length(16),
    assignedBy: p.string().length(32).nullable(),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'member_subscription_assignments_member_index', properties: ['teamId', 'memberId'] }],
});
