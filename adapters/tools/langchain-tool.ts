import type { StructuredToolInterface } from '@langchain/core/tools';
import { ToolInputParsingException } from '@langchain/core/tools';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import type { JsonSchemaObject } from '../../core/assistant/llm-provider.port';
import { ToolError, type Tool, type ToolContext, type ToolOutput } from '../../core/tools/tool';

/** What a LangChain tool's function receives besides its validated arguments. */
export interface TomoToolConfig {
  configurable: { tomo: ToolContext };
}

export function toolContextOf(config: unknown): ToolContext {
  return (config as TomoToolConfig).configurable.tomo;
}

/**
 * A LangChain tool (`tool(fn, { name, description, schema })` with a zod schema) as one of
 * Tomo's tools: LangChain validates the model's arguments against the schema and gives the
 * JSON Schema the providers get; Tomo adds the plugin switch, the plans and the needs.
 */
export function fromLangChain(
  lcTool: StructuredToolInterface,
  meta: Pick<Tool, 'plugin' | 'plans' | 'status'> & { needs?: Tool['needs'] },
): Tool {
  const { $schema: _drop, ...schema } = toJsonSchema(lcTool.schema) as Record<string, unknown>;
  return {
    name: lcTool.name,
    description: lcTool.description,
    parameters: { ...schema, type: 'object' } as JsonSchemaObject,
    plugin: meta.plugin,
    plans: meta.plans,
    ...(meta.needs ? { needs: meta.needs } : {}),
    status: meta.status,
    async run(args, context) {
      try {
        const config: TomoToolConfig & { signal: AbortSignal } = { configurable: { tomo: context }, signal: context.signal };
        return (await lcTool.invoke(args, config)) as ToolOutput;
      } catch (error) {
        if (error instanceof ToolInputParsingException) {
          throw new ToolError(`The arguments do not match the tool's schema: ${error.message.split('\n').slice(1).join(' ').trim()}`);
        }
        throw error;
      }
    },
  };
}
