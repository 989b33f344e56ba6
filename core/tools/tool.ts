import type { PlanName } from '../billing/plan';
import type { BotAppearance, ChatPlatform, ThreadRef } from '../assistant/chat-platform.port';
import type { JsonSchemaObject } from '../assistant/llm-provider.port';
import type { IntegrationProviderId } from '../integrations/integration-provider';
import type { PluginId } from '../plugins/plugin';
import type { TeamId, UserId } from '../shared/ids';
import type { Locale } from '../workspace/user';
import type { SearchAllowance } from './search-allowance';

/**
 * What Slack shows while Tomo works ("is searching the web…", "is reading example.com…");
 * the words come from the message catalogue at the edge, in the asker's language.
 */
export type WorkStatus =
  | { readonly code: 'thinking' }
  | { readonly code: 'calculating' }
  | { readonly code: 'searching_web' }
  | { readonly code: 'searching_knowledge' }
  | { readonly code: 'reading_page'; readonly host: string }
  | { readonly code: 'reading_video' }
  | { readonly code: 'reading_file'; readonly name: string }
  | { readonly code: 'reading_message' }
  | { readonly code: 'drawing_images'; readonly count: number }
  /** A connected service is asked (GitHub, Google Drive…), by its title. */
  | { readonly code: 'using_service'; readonly service: string };

/**
 * What the asker brings that some tools and readers need: a connected integration's token
 * (Google Docs, GitHub…), a knowledge base of uploaded content. The integrations and
 * knowledge issues fill it in; until then nothing needing them is offered.
 */
export interface AskerResources {
  integrationToken(provider: IntegrationProviderId): Promise<string | undefined>;
  /**
   * The asker connected this integration but the provider no longer accepts it (revoked there,
   * refresh refused): "reconnect needed". Absent: never.
   */
  integrationNeedsReconnect?(provider: IntegrationProviderId): Promise<boolean>;
  /** A ready uploaded source exists (of this kind: 'web', 'pdf', 'repository', when given). */
  hasKnowledgeBase(kind?: string): Promise<boolean>;
}

export const NO_RESOURCES: AskerResources = {
  integrationToken: async () => undefined,
  hasKnowledgeBase: async () => false,
};

export interface ToolNeeds {
  /** The asker must have connected this integration; its token reaches the tool. */
  readonly integration?: IntegrationProviderId;
  /** The workspace must have a knowledge base (uploaded pages, PDFs, repositories), or one of this kind. */
  readonly knowledgeBase?: boolean | 'web' | 'pdf' | 'repository';
  /** The answer must be able to send files into its thread (not a workflow step's output). */
  readonly fileUploads?: boolean;
}

/** The thread an answer is written in, for tools that post there themselves (generated images). */
export interface ToolConversation {
  readonly platform: ChatPlatform;
  readonly thread: ThreadRef;
  readonly appearance?: BotAppearance;
  /** The subscription the answer is counted on. */
  readonly subscriptionId: string;
}

/** Everything a tool may use for one call. No content of it is ever logged or stored. */
export interface ToolContext {
  readonly teamId: TeamId;
  readonly userId: UserId;
  readonly locale: Locale;
  readonly plan: PlanName;
  /** Web search results one answer may use (spec 9: free 1, entry 3, standard 5, premium 10). */
  readonly searchResults: number;
  /**
   * What is left of `searchResults` in this answer, shared by all its calls. Without it (a tool
   * run outside an answer) each search may return `searchResults`.
   */
  readonly searchAllowance?: SearchAllowance;
  /** Set when the tool declared `needs.integration`. */
  readonly integrationToken?: string;
  /** Set where the answer is written into a thread Tomo can post files to. */
  readonly conversation?: ToolConversation;
  /**
   * Set once the answer has read the asker's private sources (their Google Docs, GitHub…):
   * the only web addresses a tool may open from then on, those already in the conversation
   * or in results. Any other address is the model's own, and its path or query could carry
   * the private text to whoever runs the site.
   */
  readonly openableUrls?: ReadonlySet<string>;
  /** Aborted when the tool's time is up or the answer is abandoned. */
  readonly signal: AbortSignal;
}

/** A page or result a tool used: cited in the answer, counted (never stored) in the egress record. */
export interface ToolSource {
  readonly kind: 'web_page' | 'search_result' | (string & {});
  readonly url: string;
  readonly title: string;
}

export interface ToolOutput {
  /** What goes back to the model. Fetched text is wrapped as untrusted by the loop. */
  readonly content: string;
  /** True when `content` holds text from outside (a page, search results): it is fenced. */
  readonly untrusted?: boolean;
  readonly sources?: readonly ToolSource[];
}

/** An expected failure, told to the model as the tool's result (e.g. "Division by zero"). */
export class ToolError extends Error {
  override readonly name = 'ToolError';
}

/**
 * One thing the model can do besides writing. Adding a tool is one module implementing this
 * plus one registration line in the worker.
 */
export interface Tool {
  /** The name the model calls (`^[a-zA-Z0-9_-]{1,64}$`). */
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments; the tool validates what it receives against it. */
  readonly parameters: JsonSchemaObject;
  /** The workspace switch on the Plugins page that turns it off; null when it has none. */
  readonly plugin: PluginId | null;
  /** The plans that may use it. */
  readonly plans: readonly PlanName[] | 'all';
  readonly needs?: ToolNeeds;
  /** One call's time when it needs more than the loop's default (image generation). */
  readonly timeoutMs?: number;
  /** What Slack shows while it runs. */
  status(args: Readonly<Record<string, unknown>>): WorkStatus;
  /** Throws `ToolError` for failures the model should hear about; anything else is reported as unexpected. */
  run(args: Readonly<Record<string, unknown>>, context: ToolContext): Promise<ToolOutput>;
}
