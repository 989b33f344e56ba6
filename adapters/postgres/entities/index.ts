import { AppCustomizationEntity } from './app-customization.entity';
import { AutoReplySettingHistoryEntity, AutoReplySettingViewEntity } from './auto-reply-setting.entity';
import {
  ChannelScheduleNextRunEntity,
  ChannelScheduleSettingHistoryEntity,
  ChannelScheduleSettingViewEntity,
} from './channel-schedule-setting.entity';
import { CustomerEntity } from './customer.entity';
import { EgressAuditEntity } from './egress-audit.entity';
import { InstallationEntity } from './installation.entity';
import { KnowledgeChunkEntity, KnowledgeSourceEntity, RobotsTxtCacheEntity } from './knowledge.entity';
import {
  ChannelInstructionEntity,
  SystemInstructionEntity,
  UserInstructionEntity,
  WorkspaceInstructionEntity,
} from './instruction.entity';
import { MemberSubscriptionAssignmentEntity } from './member-subscription-assignment.entity';
import { MeterUsageReportEntity } from './meter-usage-report.entity';
import { OAuthTokenHistoryEntity, OAuthTokenViewEntity } from './oauth-token.entity';
import { PluginSettingEntity } from './plugin-setting.entity';
import { ProcessedSlackEventEntity, ProcessedStripeEventEntity } from './processed-event.entity';
import { ReactionSettingEntity } from './reaction-setting.entity';
import { SessionEntity } from './session.entity';
import { StorageObjectEntity } from './storage-object.entity';
import { SubscriptionEntity } from './subscription.entity';
import { UsageEventEntity, UsageReservationEntity } from './usage-event.entity';
import { ImageGenerationEntity } from './image-generation.entity';
import { AssistantThreadEntity, AutoReplyCountEntity, HomeViewHashEntity, TriggerInputEntity } from './trigger-state.entity';
import { UsedAuthStateEntity } from './used-auth-state.entity';
import { UserEntity } from './user.entity';

export const allEntities = [
  AppCustomizationEntity,
  AssistantThreadEntity,
  AutoReplyCountEntity,
  AutoReplySettingHistoryEntity,
  AutoReplySettingViewEntity,
  ChannelInstructionEntity,
  ChannelScheduleNextRunEntity,
  ChannelScheduleSettingHistoryEntity,
  ChannelScheduleSettingViewEntity,
  CustomerEntity,
  EgressAuditEntity,
  HomeViewHashEntity,
  ImageGenerationEntity,
  InstallationEntity,
  KnowledgeChunkEntity,
  KnowledgeSourceEntity,
  MemberSubscriptionAssignmentEntity,
  MeterUsageReportEntity,
  OAuthTokenHistoryEntity,
  OAuthTokenViewEntity,
  PluginSettingEntity,
  ProcessedSlackEventEntity,
  ProcessedStripeEventEntity,
  ReactionSettingEntity,
  RobotsTxtCacheEntity,
  SessionEntity,
  StorageObjectEntity,
  SubscriptionEntity,
  SystemInstructionEntity,
  TriggerInputEntity,
  UsageEventEntity,
  UsageReservationEntity,
  UsedAuthStateEntity,
  UserEntity,
  UserInstructionEntity,
  WorkspaceInstructionEntity,
];
