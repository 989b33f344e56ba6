import type { AutoReplySettingsRepository } from '../../../../core/auto-replies/auto-reply-settings-repository.port';
import type { ConnectionLock, IntegrationOAuth } from '../../../../core/integrations/integration-oauth.port';
import type { OAuthTokenRepository } from '../../../../core/integrations/oauth-token-repository.port';
import type { SubscriptionRepository } from '../../../../core/billing/subscription-repository.port';
import type { AppCustomizationRepository } from '../../../../core/customization/app-customization-repository.port';
import type { InstructionRepository } from '../../../../core/instructions/instruction-repository.port';
import type { PluginSettingsRepository } from '../../../../core/plugins/plugin-settings-repository.port';
import type { ReactionSettingsRepository } from '../../../../core/reactions/reaction-settings-repository.port';
import type { ScheduleSettingsRepository } from '../../../../core/schedules/schedule-settings-repository.port';
import type { SeatAssignmentRepository } from '../../../../core/seats/seat-assignment-repository.port';
import type { Clock } from '../../../../core/shared/clock.port';
import type { IdGenerator } from '../../../../core/shared/id-generator.port';
import type { ObjectStorage } from '../../../../core/shared/object-storage.port';
import type { Tokenizer } from '../../../../core/shared/tokenizer.port';
import type { UsageEventRepository } from '../../../../core/usage/usage-event-repository.port';
import type { InstallationRepository } from '../../../../core/workspace/installation-repository.port';
import type { SessionStore } from '../../../../core/workspace/session-store.port';
import type { UsedAuthStates } from '../../../../core/workspace/used-auth-states.port';
import type { UserRepository } from '../../../../core/workspace/user-repository.port';
import type { WorkspaceDirectory } from '../../../../core/workspace/workspace-directory.port';
import type { IntegrationEndpoints } from '../../../../adapters/integrations/integration-settings';

/** The ports the signed-in part of the site talks to; the composition root binds them to adapters. */
export interface SignedInPorts {
  clock: Clock;
  ids: IdGenerator;
  tokenizer: Tokenizer;
  sessions: SessionStore;
  /** Sign-in and connect states already taken to a token endpoint, shared by every server. */
  usedAuthStates: UsedAuthStates;
  directory: WorkspaceDirectory;
  users: UserRepository;
  installations: InstallationRepository;
  subscriptions: SubscriptionRepository;
  seats: SeatAssignmentRepository;
  usage: UsageEventRepository;
  instructions: InstructionRepository;
  reactions: ReactionSettingsRepository;
  schedules: ScheduleSettingsRepository;
  autoReplies: AutoReplySettingsRepository;
  customizations: AppCustomizationRepository;
  plugins: PluginSettingsRepository;
  icons: ObjectStorage;
  /** Integrations (issue 14): people's connection tokens, the providers' OAuth, the refresh lock. */
  oauthTokens: OAuthTokenRepository;
  integrationOAuth: IntegrationOAuth;
  /** Where each provider's API answers (for the few server routes that call one, like YouTube videos). */
  integrationEndpoints: IntegrationEndpoints;
  connectionLock: ConnectionLock;
}
