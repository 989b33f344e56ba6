import type { PlanName } from '../billing/plan';
import type { IntegrationProviderId } from '../integrations/integration-provider';
import type { PluginId } from '../plugins/plugin';
import type { AskerResources, Tool } from './tool';

/** A tool offered for one answer, with the integration token it needs (if any). */
export interface OfferedTool {
  readonly tool: Tool;
  readonly integrationToken?: string;
}

export interface ToolOffer {
  /** The plan of the subscription the answer is counted on. */
  readonly plan: PlanName;
  /** Plugins the workspace has switched on. */
  readonly enabledPlugins: ReadonlySet<PluginId>;
  readonly resources: AskerResources;
  /** Whether the answer can send files into its thread (tools needing `fileUploads`). */
  readonly canUploadFiles?: boolean;
}

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Every tool Tomo has; each answer is offered the ones its workspace, plan and asker allow. */
export class ToolRegistry {
  private readonly tools: readonly Tool[];

  constructor(tools: readonly Tool[]) {
    const names = new Set<string>();
    for (const tool of tools) {
      if (!NAME.test(tool.name)) throw new Error(`Tool name not allowed by the LLM APIs: ${tool.name}`);
      if (names.has(tool.name)) throw new Error(`Two tools are named ${tool.name}`);
      names.add(tool.name);
    }
    this.tools = [...tools];
  }

  get all(): readonly Tool[] {
    return this.tools;
  }

  /**
   * The tools one answer may offer: its plugin switched on, its plan allowed, and what it
   * needs present. A tool not offered is never run, whatever the model asks for.
   */
  async offer(input: ToolOffer): Promise<OfferedTool[]> {
    const offered: OfferedTool[] = [];
    for (const tool of this.tools) {
      if (tool.plugin !== null && !input.enabledPlugins.has(tool.plugin)) continue;
      if (tool.plans !== 'all' && !tool.plans.includes(input.plan)) continue;
      const knowledge = tool.needs?.knowledgeBase;
      if (knowledge && !(await input.resources.hasKnowledgeBase(knowledge === true ? undefined : knowledge))) continue;
      if (tool.needs?.fileUploads && input.canUploadFiles !== true) continue;
      if (tool.needs?.integration === undefined) {
        offered.push({ tool });
        continue;
      }
      const integrationToken = await input.resources.integrationToken(tool.needs.integration);
      if (integrationToken !== undefined) offered.push({ tool, integrationToken });
    }
    return offered;
  }

  /**
   * The services whose tools this answer would have offered but for the asker's connection,
   * which the provider no longer accepts ("reconnect needed"), so the model can tell them to
   * reconnect instead of saying it has no such tool. Asked after `offer`, with the same input.
   */
  async awaitingReconnect(input: ToolOffer, offered: readonly OfferedTool[]): Promise<IntegrationProviderId[]> {
    const withToken = new Set(offered.flatMap((o) => (o.integrationToken === undefined ? [] : [o.tool.needs!.integration!])));
    const left = new Set<IntegrationProviderId>();
    for (const tool of this.tools) {
      const provider = tool.needs?.integration;
      if (provider === undefined || withToken.has(provider)) continue;
      if (tool.plugin !== null && !input.enabledPlugins.has(tool.plugin)) continue;
      if (tool.plans !== 'all' && !tool.plans.includes(input.plan)) continue;
      left.add(provider);
    }
    const waiting: IntegrationProviderId[] = [];
    for (const provider of left) {
      if ((await input.resources.integrationNeedsReconnect?.(provider).catch(() => false)) === true) waiting.push(provider);
    }
    return waiting;
  }
}
