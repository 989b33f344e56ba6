import type { ChatPlatform, SharedFile } from '../assistant/chat-platform.port';
import type { LlmImage } from '../assistant/llm-provider.port';
import type { IntegrationProviderId } from '../integrations/integration-provider';
import type { PluginId } from '../plugins/plugin';
import type { ChannelId, TeamId, UserId } from '../shared/ids';
import type { WorkStatus } from '../tools/tool';
import type { Locale } from '../workspace/user';

/** Something in the question or thread that a reader can turn into text. */
export type Source =
  | { readonly type: 'link'; readonly url: string; readonly messageTs: string }
  | { readonly type: 'file'; readonly file: SharedFile; readonly messageTs: string };

export interface ReaderContext {
  readonly teamId: TeamId;
  /** The asker: readers never show them what they could not see themselves. */
  readonly userId: UserId;
  /** The conversation the answer goes to. */
  readonly channelId?: ChannelId;
  /**
   * False where the answer can only be public (a workflow step's output, a scheduled summary):
   * nothing from a conversation others may not read is read there.
   */
  readonly privateAllowed?: boolean;
  readonly locale: Locale;
  readonly platform: ChatPlatform;
  /** Set when the reader declared `needs.integration`. */
  readonly integrationToken?: string;
  readonly signal: AbortSignal;
}

export interface ReadContent {
  readonly title: string;
  /** Plain text or Markdown; trimmed to the plan's budget by the registry. */
  readonly text: string;
  readonly url?: string;
  /** Images for models that take them (a shared PNG, a photo). */
  readonly images?: readonly LlmImage[];
  /** From a conversation not everyone in the answer's may read (a private channel, a DM): the answer is private. */
  readonly restricted?: boolean;
}

/**
 * Why a source could not be read; told to the model in one line, without content. `no_text`:
 * it was read and holds no text (a scanned PDF without a text layer).
 */
export type ReaderFailure = 'not_found' | 'forbidden' | 'too_large' | 'unsupported' | 'no_text' | 'timeout' | 'failed';

export class ReaderError extends Error {
  override readonly name = 'ReaderError';
  constructor(readonly failure: ReaderFailure, detail?: string) {
    super(detail ?? failure);
  }
}

/**
 * Turns one kind of link or file into text for the prompt. Adding a reader (Google Docs
 * with the asker's token, Notion…) is one module implementing this plus one registration line.
 */
export interface Reader {
  /** `web_page`, `youtube`, `slack_file`, `slack_message`…: the egress record counts these. */
  readonly kind: string;
  /** Which plan limit a source uses: "URL readers" or "File readers". */
  readonly counts: 'link' | 'file';
  /** A workspace switch that turns this reader off (web pages follow Web browsing). */
  readonly plugin?: PluginId;
  readonly needs?: { readonly integration?: IntegrationProviderId };
  accepts(source: Source): boolean;
  status(source: Source): WorkStatus;
  read(source: Source, context: ReaderContext): Promise<ReadContent>;
}
