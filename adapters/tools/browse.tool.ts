import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import { FAILURE_WORDS } from '../../core/readers/reader-registry';
import { ToolError, type Tool } from '../../core/tools/tool';
import { WebFetchError, type WebFetchFailure, type WebPageFetcher } from '../../core/tools/web-page-fetcher.port';
import { fromLangChain, toolContextOf } from './langchain-tool';

const WHY: Record<WebFetchFailure, string> = {
  blocked: 'that address is not allowed (private network, unsupported scheme or too many redirects)',
  not_found: 'the page does not exist',
  http_error: 'the site answered with an error',
  too_large: 'the page is larger than 5 MB',
  unsupported: 'only HTML, text and PDF can be read',
  timeout: 'the site took longer than 10 seconds',
  failed: 'the site could not be reached',
};

/** The Web browsing plugin: opens one http(s) address and returns its readable text. */
export function browseTool(fetcher: WebPageFetcher): Tool {
  const lcTool = tool(
    async ({ url }, config) => {
      const context = toolContextOf(config);
      if (context.openableUrls !== undefined && !context.openableUrls.has(new URL(url).href)) {
        throw new ToolError(
          `Not opened: this answer has read the person's private sources, so only addresses from the conversation or from results can be opened now (${url} is not one of them).`,
        );
      }
      try {
        const page = await fetcher.read(url, { signal: context.signal });
        // An empty body reads as a document that says nothing (a scanned PDF has no text
        // layer): it is named instead, in the words the readers use for a shared source.
        if (page.text.trim() === '') throw new ToolError(`Could not open ${url}: ${FAILURE_WORDS.no_text}.`);
        return {
          content: `# ${page.title}\nURL: ${page.url}\n\n${page.text}`,
          untrusted: true,
          sources: [{ kind: 'web_page', url: page.url, title: page.title }],
        };
      } catch (error) {
        if (error instanceof WebFetchError) throw new ToolError(`Could not open ${url}: ${WHY[error.failure]}.`);
        throw error;
      }
    },
    {
      name: 'browse_web_page',
      description: 'Opens a web page (HTML, plain text or PDF) by its http(s) address and returns its readable text as Markdown.',
      schema: z.object({ url: z.url({ protocol: /^https?$/ }).max(2000).describe('The full http(s) address to open') }),
    },
  );
  return fromLangChain(lcTool, {
    plugin: 'web-browsing',
    plans: 'all',
    status: (args) => ({ code: 'reading_page', host: typeof args.url === 'string' && URL.canParse(args.url) ? new URL(args.url).hostname : '' }),
  });
}
