import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import { ToolError, type Tool } from '../../core/tools/tool';
import { WebSearchError, type WebSearch } from '../../core/tools/web-search.port';
import { fromLangChain, toolContextOf } from './langchain-tool';

/** The Search plugin: the configured engine's top results, as many as the plan allows (spec 9). */
export function webSearchTool(search: WebSearch): Tool {
  const lcTool = tool(
    async ({ query }, config) => {
      const context = toolContextOf(config);
      const allowance = context.searchAllowance;
      // The plan's results are per answer (spec 9), so a later search gets what earlier ones left.
      const count = allowance ? allowance.take(context.searchResults) : context.searchResults;
      if (count === 0) {
        throw new ToolError(
          `This answer has used the ${allowance?.perAnswer ?? context.searchResults} web search result(s) the workspace's plan allows per answer. Answer with what you found, without searching again.`,
        );
      }
      let results;
      try {
        results = await search.search({ query, count, language: context.locale, signal: context.signal });
      } catch (error) {
        allowance?.giveBack(count);
        if (error instanceof WebSearchError) throw new ToolError(`The search engine is not answering (${error.code}). Answer without searching and say so.`);
        throw error;
      }
      // An engine may return more than asked; the model never gets more than the plan allows.
      results = results.slice(0, count);
      allowance?.giveBack(count - results.length);
      if (results.length === 0) return { content: 'No results.' };
      return {
        content: results.map((r, n) => `${n + 1}. [${r.title}](${r.url})\n${r.snippet}`).join('\n\n'),
        untrusted: true,
        sources: results.map((r) => ({ kind: 'search_result', url: r.url, title: r.title })),
      };
    },
    {
      name: 'web_search',
      description:
        'Searches the web for current or specific information. Returns the top results (title, link, snippet). Open a result with browse_web_page when the snippet is not enough. Cite what you use.',
      schema: z.object({ query: z.string().trim().min(1).max(400).describe('What to search for, as you would type it into a search engine') }),
    },
  );
  return fromLangChain(lcTool, { plugin: 'search', plans: 'all', status: () => ({ code: 'searching_web' }) });
}
