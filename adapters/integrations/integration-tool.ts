import { tool } from '@langchain/core/tools';
import type { z } from 'zod';
import { findProvider } from '../../core/integrations/integration-provider';
import { ReaderError } from '../../core/readers/reader';
import type { TeamId, UserId } from '../../core/shared/ids';
import { ToolError, type Tool, type ToolOutput } from '../../core/tools/tool';
import { fromLangChain, toolContextOf } from '../tools/langchain-tool';
import type { IntegrationEndpoints } from './integration-settings';
import { ProviderHttpError, providerJson, type ProviderRequest } from './provider-http';

export interface IntegrationCall {
  /** The asker's own token for the provider (never anyone else's). */
  readonly token: string;
  readonly signal: AbortSignal;
  readonly endpoints: IntegrationEndpoints;
  /** JSON from the provider's API with the asker's token. */
  json<T>(url: URL, init?: Omit<ProviderRequest, 'provider' | 'token' | 'timeoutMs' | 'signal'>): Promise<T>;
}

export function providerCall(endpoints: IntegrationEndpoints, provider: string, token: string, signal: AbortSignal): IntegrationCall {
  return {
    token,
    signal,
    endpoints,
    json: (url, init = {}) => providerJson(url, { ...init, provider, token, signal, timeoutMs: endpoints.timeoutMs }),
  };
}

/**
 * Told when a provider answers 401 to the asker's token (revoked, invalid, or expired early as
 * Salesforce's session policy does): the connection is refreshed where it can be, else marked
 * "reconnect needed" (IntegrationConnections.refusedByProvider). Resolves the fresh token when
 * there is one to try instead.
 */
export type TokenRefused = (teamId: TeamId, userId: UserId, provider: string, token: string) => Promise<string | undefined>;

export const IGNORE_REFUSALS: TokenRefused = async () => undefined;

/** Passes a provider's 401 to `refused`; never lets that bookkeeping hide the failure itself. */
async function reportRefusal(error: unknown, refused: TokenRefused, teamId: TeamId, userId: UserId, provider: string, token: string): Promise<string | undefined> {
  if (!(error instanceof ProviderHttpError) || error.status !== 401) return undefined;
  const fresh = await refused(teamId, userId, provider, token).catch(() => undefined);
  return fresh === token ? undefined : fresh;
}

/**
 * Runs `work` with the asker's token. When the provider refuses it (401) and the connection
 * gave a fresh token (refreshed now, or by another request meanwhile), runs it once more with
 * that one, so a token the provider expired before its recorded expiry costs no failed answer.
 * A refused call did nothing at the provider, so running it again is safe.
 */
export async function withAskerToken<T>(
  refused: TokenRefused,
  who: { readonly teamId: TeamId; readonly userId: UserId },
  provider: string,
  token: string,
  work: (token: string) => Promise<T>,
): Promise<T> {
  try {
    return await work(token);
  } catch (error) {
    const fresh = await reportRefusal(error, refused, who.teamId, who.userId, provider, token);
    if (fresh === undefined) throw error;
    try {
      return await work(fresh);
    } catch (again) {
      await reportRefusal(again, refused, who.teamId, who.userId, provider, fresh);
      throw again;
    }
  }
}

export interface IntegrationToolSpec<S extends z.ZodObject> {
  readonly name: string;
  readonly description: string;
  readonly provider: string;
  readonly schema: S;
  run(args: z.infer<S>, call: IntegrationCall): Promise<ToolOutput>;
}

/**
 * A tool that acts with the asker's connection to one provider: offered only when they have
 * connected it (`needs.integration`), its results fenced as untrusted text, provider failures
 * told to the model in one line without content. A 401 also reaches `refused` (and the call is
 * made again once with a fresh token when the connection could be refreshed).
 */
export function integrationTool<S extends z.ZodObject>(endpoints: IntegrationEndpoints, spec: IntegrationToolSpec<S>, refused: TokenRefused = IGNORE_REFUSALS): Tool {
  const service = findProvider(spec.provider)?.title ?? spec.provider;
  const lcTool = tool(
    async (args: z.infer<S>, config: unknown) => {
      const context = toolContextOf(config);
      if (context.integrationToken === undefined) throw new ToolError(`The person asking has not connected ${service}.`);
      try {
        return await withAskerToken(refused, context, spec.provider, context.integrationToken, (token) =>
          spec.run(args, providerCall(endpoints, spec.provider, token, context.signal)),
        );
      } catch (error) {
        throw toToolError(error, service);
      }
    },
    { name: spec.name, description: spec.description, schema: spec.schema },
  );
  return fromLangChain(lcTool as never, {
    plugin: null,
    plans: 'all',
    needs: { integration: spec.provider as never },
    status: () => ({ code: 'using_service', service }),
  });
}

export function toToolError(error: unknown, service: string): Error {
  if (error instanceof ToolError) return error;
  if (error instanceof ProviderHttpError) {
    if (error.status === 401 || error.status === 403) {
      return new ToolError(`${service} refused the person's connection (HTTP ${error.status}); they may need to reconnect ${service} on the Integrations page.`);
    }
    if (error.status === 404) return new ToolError(`${service} found nothing there (HTTP 404).`);
    return new ToolError(`${service} is not answering right now (HTTP ${error.status}). Answer without it and say so.`);
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new ToolError(`${service} took too long to answer.`);
  }
  return new ToolError(`${service} could not be reached.`);
}

/** A provider failure as a reader's one-word reason. */
export function toReaderError(error: unknown): ReaderError {
  if (error instanceof ReaderError) return error;
  if (error instanceof ProviderHttpError) {
    if (error.status === 404) return new ReaderError('not_found');
    if (error.status === 401 || error.status === 403) return new ReaderError('forbidden');
    return new ReaderError('failed');
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return new ReaderError('timeout');
  return new ReaderError('failed');
}

/** Results as a numbered list of linked titles with their snippets. */
export function listResults(items: readonly { title: string; url?: string | undefined; text?: string | undefined }[], empty = 'No results.'): string {
  if (items.length === 0) return empty;
  return items
    .map((item, n) => `${n + 1}. ${item.url ? `[${item.title}](${item.url})` : item.title}${item.text ? `\n${item.text.slice(0, 600)}` : ''}`)
    .join('\n\n');
}

export function sourcesOf(kind: string, items: readonly { title: string; url?: string | undefined }[]) {
  return items.flatMap((item) => (item.url ? [{ kind, url: item.url, title: item.title }] : []));
}
