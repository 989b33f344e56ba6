import { CustomerEntity } from './customer.entity';
import { InstallationEntity } from './installation.entity';
import { MemberSubscriptionAssignmentEntity } from './member-subscription-assignment.entity';
import { ProcessedSlackEventEntity, ProcessedStripeEventEntity } from './processed-event.entity';
import { SessionEntity } from './session.entity';
import { SubscriptionEntity } from './subscription.entity';
import { UserEntity } from './user.entity';

export {
  CustomerEntity,
  InstallationEntity,
  MemberSubscriptionAssignmentEntity,
  ProcessedSlackEventEntity,
  ProcessedStripeEventEntity,
  SessionEntity,
  SubscriptionEntity,
  UserEntity,
};

export const allEntities = [
  CustomerEntity,
  InstallationEntity,
  MemberSubscriptionAssignmentEntity,
  ProcessedSlackEventEntity,
  ProcessedStripeEventEntity,
  SessionEntity,
  SubscriptionEntity,
  UserEntity,
];
