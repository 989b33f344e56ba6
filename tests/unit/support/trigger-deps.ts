import { ApproximateTokenizer } from '../../../adapters/memory/approximate-tokenizer';
import type { InMemoryChatWorkspace } from '../../../adapters/memory/in-memory-chat-platform';
import { InMemoryChatWorkspaceFactory } from '../../../adapters/memory/in-memory-chat-workspace';
import { InMemoryEgressAuditLog } from '../../../adapters/memory/in-memory-egress-audit-log';
import { InMemoryProcessedEventLog } from '../../../adapters/memory/in-memory-processed-event-log';
import { slackAnswerTexts } from '../../../apps/shared/messages/slack';
import type { TriggerDeps } from '../../../core/assistant/answer-pipeline';
import type { LlmProvider } from '../../../core/assistant/llm-provider.port';
import { CheckEntitlement } from '../../../core/entitlement/check-entitlement.use-case';
import { ComposeInstructions } from '../../../core/instructions/compose-instructions.use-case';
import { RecordUsage } from '../../../core/usage/record-usage.use-case';
import type { WorkspaceFixture } from './workspace-fixture';

/** What every trigger use case needs, on the in-memory workspace, with the real catalogue's words. */
export function triggerDeps(
  w: WorkspaceFixture,
  chat: InMemoryChatWorkspace,
  llm: LlmProvider,
  extra: { audit?: InMemoryEgressAuditLog; events?: InMemoryProcessedEventLog } = {},
): TriggerDeps {
  return {
    installations: w.installations,
    processedEvents: extra.events ?? new InMemoryProcessedEventLog(),
    chat: new InMemoryChatWorkspaceFactory(chat),
    clock: w.clock,
    customizations: w.customizations,
    checkEntitlement: new CheckEntitlement(w),
    composeInstructions: new ComposeInstructions(w),
    recordUsage: new RecordUsage(w),
    egressAudit: extra.audit ?? new InMemoryEgressAuditLog(),
    llm,
    tokenizer: new ApproximateTokenizer(),
    texts: slackAnswerTexts,
    links: {
      en: { pricingUrl: 'https://tomo.test/pricing', membersUrl: 'https://tomo.test/settings/members', subscriptionUrl: 'https://tomo.test/settings/subscription' },
      ja: { pricingUrl: 'https://tomo.test/ja/pricing', membersUrl: 'https://tomo.test/ja/settings/members', subscriptionUrl: 'https://tomo.test/ja/settings/subscription' },
    },
    iconUrl: (teamId, key) => `https://tomo.test/slack/icons/${teamId}/${key}`,
  };
}
