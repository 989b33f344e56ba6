import type { SharedFile } from '../assistant/chat-platform.port';
import type { LlmImage } from '../assistant/llm-provider.port';
import { truncateToTokens } from '../assistant/thread-context';
import { fenceUntrusted } from '../assistant/untrusted-content';
import { findProvider, type IntegrationProviderId } from '../integrations/integration-provider';
import type { PluginId } from '../plugins/plugin';
import type { Tokenizer } from '../shared/tokenizer.port';
import type { AskerResources, WorkStatus } from '../tools/tool';
import { ReaderError, type ReadContent, type Reader, type ReaderContext, type ReaderFailure, type Source } from './reader';

/** A plan's "URL readers" and "File readers" (plan catalogue). */
export interface ReaderLimits {
  readonly linksPerAnswer: number;
  readonly filesPerAnswer: number;
  /** Tokens of read text one answer may carry, shared by its sources. */
  readonly tokensPerAnswer: number;
}

export interface ReadSourcesInput {
  readonly sources: readonly Source[];
  readonly limits: ReaderLimits;
  readonly enabledPlugins: ReadonlySet<PluginId>;
  readonly resources: AskerResources;
  readonly context: Omit<ReaderContext, 'integrationToken' | 'signal'>;
  showStatus(status: WorkStatus): Promise<void>;
  readonly tokenizer: Tokenizer;
}

export interface ReadSources {
  /** The fenced sources and one-line notes about the ones not read; '' when there were none. */
  readonly text: string;
  readonly images: LlmImage[];
  /** How many sources of each kind went to the model (names and counts only). */
  readonly counts: Record<string, number>;
  /** Integrations whose private content (read with the asker's token) went to the model. */
  readonly integrations?: readonly string[];
  /** Something read came from a conversation not everyone in the answer's may read (a private channel, a DM). */
  readonly restricted?: boolean;
  /**
   * Files and links that could not be read, with why, for the line under the answer that tells
   * the person in their language (the model is told too, but may not say it). Not the ones the
   * plan's limits, a workspace switch or a missing connection left out: their notes say so.
   */
  readonly unread?: readonly UnreadSource[];
  /**
   * The sources behind `images`, as unread for want of eyes: named under the answer when the
   * model that answered could not see images (`imagesUnseen` on its `done`).
   */
  readonly unseenImages?: readonly UnreadSource[];
}

/**
 * A file (its name; '' when the platform gave none) or link (its address) that was not read, and
 * why (`external`: stored outside Slack; `deleted`, `hidden_by_limit`: Slack lists the file but
 * lets no one open it), in the message that has it.
 */
export interface UnreadSource {
  readonly name: string;
  readonly reason: ReaderFailure | 'external' | 'deleted' | 'hidden_by_limit' | 'image_unseen' | 'image_rejected';
  readonly messageTs: string;
}

export interface ReaderRegistryOptions {
  /** One source's time. Default 15 s. */
  readonly timeoutMs?: number;
  /** Sources read at once. Default 3. */
  readonly concurrency?: number;
  /**
   * Base64 characters of images one answer may send. Default 20 MB: Anthropic refuses a
   * request over 32 MB and OpenAI one with over 50 MB of images, whatever each image's size,
   * and the text and thread travel in the same request.
   */
  readonly imageDataPerAnswer?: number;
}

/** Why a source was not read, in the words the model is told (the browse tool uses them too). */
export const FAILURE_WORDS: Readonly<Record<ReaderFailure, string>> = {
  not_found: 'it does not exist or Tomo cannot open it',
  forbidden: 'it is not available to the person asking',
  too_large: 'it is too large',
  unsupported: 'Tomo cannot read this kind of content',
  no_text: 'it has no text Tomo can read (a scanned document without a text layer, for example)',
  timeout: 'it took too long to load',
  failed: 'loading it failed',
};

/** Why a file Slack lists but does not hold (a Google Drive file added to Slack) was not read. */
export const EXTERNAL_FILE_WORDS = 'it is stored outside Slack (Google Drive or Dropbox, for example), and Slack holds no copy Tomo can download';

/** Why a file Slack lists but lets no one open was not read. */
const UNAVAILABLE_FILE_WORDS: Readonly<Record<NonNullable<SharedFile['unavailable']>, string>> = {
  deleted: 'it was deleted',
  hidden_by_limit: "Slack hides it: the workspace is on Slack's free plan, whose history limit hides older files until the workspace moves to a paid plan",
  not_found: FAILURE_WORDS.not_found,
};

type Planned = { source: Source; reader: Reader; integrationToken?: string };
type Read = { planned: Planned; content: ReadContent } | { planned: Planned; failure: ReaderFailure };

/**
 * Readers run before the model is asked: whatever the question and its thread link to or
 * share is read (within the plan's limits) and goes along as quoted, untrusted data. The
 * first reader that accepts a source reads it, so specific readers (YouTube, Slack
 * permalinks, Google Docs) are registered before the generic web page reader.
 */
export class ReaderRegistry {
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private readonly imageDataPerAnswer: number;

  constructor(
    private readonly readers: readonly Reader[],
    options: ReaderRegistryOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.concurrency = Math.max(1, options.concurrency ?? 3);
    this.imageDataPerAnswer = options.imageDataPerAnswer ?? 20 * 1024 * 1024;
  }

  async read(input: ReadSourcesInput): Promise<ReadSources> {
    const notes: string[] = [];
    const unread: UnreadSource[] = [];
    const planned = await this.plan(input, notes, unread);
    const results: Read[] = [];
    for (let i = 0; i < planned.length; i += this.concurrency) {
      results.push(...(await Promise.all(planned.slice(i, i + this.concurrency).map((p) => this.readOne(p, input)))));
    }
    this.keepImagesWithinRequest(results);
    const read = results.filter((r): r is Extract<Read, { content: ReadContent }> => 'content' in r);
    for (const result of results) {
      if (!('failure' in result)) continue;
      // A provider that refused the asker's token (revoked there) has just turned the connection to "reconnect needed".
      const integration = result.planned.reader.needs?.integration;
      if (result.failure === 'forbidden' && integration !== undefined && (await needsReconnect(input.resources, integration))) {
        notes.push(reconnectNote(result.planned.source, integration));
      } else {
        notes.push(`Could not read ${describe(result.planned.source)}: ${FAILURE_WORDS[result.failure]}.`);
        unread.push({ name: nameOf(result.planned.source), reason: result.failure, messageTs: result.planned.source.messageTs });
      }
    }
    const texts = shareBudget(
      read.map((r) => r.content.text),
      input.limits.tokensPerAnswer,
      input.tokenizer,
    );
    const counts: Record<string, number> = {};
    const blocks = read.map((r, n) => {
      counts[r.planned.reader.kind] = (counts[r.planned.reader.kind] ?? 0) + 1;
      return fenceUntrusted(texts[n]!, { kind: r.planned.reader.kind, title: r.content.title, url: r.content.url });
    });
    const parts = [...blocks, ...notes];
    const integrations = [...new Set(read.flatMap((r) => (r.planned.integrationToken === undefined ? [] : [r.planned.reader.needs!.integration!])))];
    const unseenImages = read
      .filter((r) => (r.content.images ?? []).length > 0)
      .map((r): UnreadSource => ({ name: nameOf(r.planned.source), reason: 'image_unseen', messageTs: r.planned.source.messageTs }));
    return {
      text: parts.length === 0 ? '' : ['Sources Tomo read for this question:', ...parts].join('\n\n'),
      images: read.flatMap((r) => [...(r.content.images ?? [])]),
      counts,
      ...(integrations.length > 0 ? { integrations } : {}),
      ...(read.some((r) => r.content.restricted === true) ? { restricted: true } : {}),
      ...(unread.length > 0 ? { unread } : {}),
      ...(unseenImages.length > 0 ? { unseenImages } : {}),
    };
  }

  /** Sources whose images would take the answer's images past the request size become `too_large`, in reading order. */
  private keepImagesWithinRequest(results: Read[]): void {
    let left = this.imageDataPerAnswer;
    results.forEach((result, index) => {
      if (!('content' in result)) return;
      const size = (result.content.images ?? []).reduce((total, image) => total + image.data.length, 0);
      if (size === 0) return;
      if (size > left) results[index] = { planned: result.planned, failure: 'too_large' };
      else left -= size;
    });
  }

  /** The sources to read: the plan's number of each kind, the switches and needs respected. */
  private async plan(input: ReadSourcesInput, notes: string[], unread: UnreadSource[]): Promise<Planned[]> {
    const left = { link: input.limits.linksPerAnswer, file: input.limits.filesPerAnswer };
    const skipped = { link: 0, file: 0 };
    const planned: Planned[] = [];
    for (const source of input.sources) {
      // A deleted or hidden file: Slack has nothing any reader could open.
      if (source.type === 'file' && source.file.unavailable !== undefined) {
        notes.push(`Could not read ${describe(source)}: ${UNAVAILABLE_FILE_WORDS[source.file.unavailable]}.`);
        unread.push({ name: nameOf(source), reason: source.file.unavailable, messageTs: source.messageTs });
        continue;
      }
      const reader = this.readers.find((r) => r.accepts(source));
      if (reader === undefined) {
        if (source.type === 'file') {
          notes.push(`Could not read ${describe(source)}: ${source.file.external === undefined ? FAILURE_WORDS.unsupported : EXTERNAL_FILE_WORDS}.`);
          unread.push({ name: nameOf(source), reason: source.file.external === undefined ? 'unsupported' : 'external', messageTs: source.messageTs });
        }
        continue;
      }
      if (reader.plugin !== undefined && !input.enabledPlugins.has(reader.plugin)) {
        notes.push(`Did not open ${describe(source)}: the workspace has switched ${reader.plugin} off.`);
        continue;
      }
      if (left[reader.counts] <= 0) {
        skipped[reader.counts] += 1;
        continue;
      }
      let integrationToken: string | undefined;
      if (reader.needs?.integration !== undefined) {
        integrationToken = await input.resources.integrationToken(reader.needs.integration);
        if (integrationToken === undefined) {
          notes.push(
            (await needsReconnect(input.resources, reader.needs.integration))
              ? reconnectNote(source, reader.needs.integration)
              : `Could not read ${describe(source)}: the person asking has not connected ${reader.needs.integration}.`,
          );
          continue;
        }
      }
      left[reader.counts] -= 1;
      planned.push({ source, reader, ...(integrationToken === undefined ? {} : { integrationToken }) });
    }
    if (skipped.link > 0) notes.push(`${skipped.link} more link(s) were not read: the plan reads ${input.limits.linksPerAnswer} per answer.`);
    if (skipped.file > 0) notes.push(`${skipped.file} more file(s) were not read: the plan reads ${input.limits.filesPerAnswer} per answer.`);
    return planned;
  }

  private async readOne(planned: Planned, input: ReadSourcesInput): Promise<Read> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ReaderError('timeout'));
      }, this.timeoutMs);
    });
    try {
      await input.showStatus(planned.reader.status(planned.source));
      const context: ReaderContext = {
        ...input.context,
        signal: controller.signal,
        ...(planned.integrationToken === undefined ? {} : { integrationToken: planned.integrationToken }),
      };
      const content = await Promise.race([planned.reader.read(planned.source, context), timeout]);
      // An empty source would reach the model as a document that says nothing (a scanned PDF
      // has no text layer): it is named instead, so the answer can say why it was not read.
      if (content.text.trim() === '' && (content.images ?? []).length === 0) return { planned, failure: 'no_text' };
      return { planned, content };
    } catch (error) {
      return { planned, failure: error instanceof ReaderError ? error.failure : 'failed' };
    } finally {
      clearTimeout(timer);
    }
  }
}

async function needsReconnect(resources: AskerResources, provider: IntegrationProviderId): Promise<boolean> {
  return (await resources.integrationNeedsReconnect?.(provider).catch(() => false)) === true;
}

/** The person connected the service, but it no longer accepts Tomo: they are to reconnect, not to connect. */
function reconnectNote(source: Source, provider: IntegrationProviderId): string {
  const title = findProvider(provider)?.title ?? provider;
  return (
    `Could not read ${describe(source)}: ${title} no longer accepts the person's connection (revoked or expired there). ` +
    `Tell them to reconnect ${title} on Tomo's Integrations page, then ask again.`
  );
}

function nameOf(source: Source): string {
  return source.type === 'link' ? source.url : source.file.name;
}

function describe(source: Source): string {
  if (source.type === 'link') return source.url;
  return source.file.name === '' ? 'a file Slack lists without its name' : `the file "${source.file.name}"`;
}

/**
 * Cuts texts so together they cost at most `budget` tokens: short ones keep everything,
 * long ones share what is left equally.
 */
export function shareBudget(texts: readonly string[], budget: number, tokenizer: Tokenizer): string[] {
  // A rough pre-cut keeps the tokenizer away from megabytes it would cut anyway.
  const capped = texts.map((text) => text.slice(0, Math.max(0, budget) * 8));
  const costs = capped.map((text) => tokenizer.countTokens(text));
  const order = costs.map((cost, index) => ({ cost, index })).sort((a, b) => a.cost - b.cost);
  const allowed = new Array<number>(texts.length).fill(0);
  let remaining = Math.max(0, budget);
  order.forEach(({ cost, index }, position) => {
    const share = Math.floor(remaining / (order.length - position));
    allowed[index] = Math.min(cost, share);
    remaining -= allowed[index]!;
  });
  return capped.map((text, index) => (costs[index]! <= allowed[index]! ? text : truncateToTokens(text, allowed[index]!, tokenizer)));
}
