import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FakeFunctionDefinition } from '../../../adapters/slack-emulator/fake-slack';

interface ManifestParameter {
  type: string;
  title?: string;
  description?: string;
  is_required?: boolean;
}

/**
 * The "Ask Tomo" step as Slack knows it: manifest.json's `functions.ask_tomo`, with its
 * parameters in the array form function_executed carries, so the fake Slack checks what Tomo
 * completes the step with against what the app declared (as Slack does).
 */
export function askTomoFunction(): FakeFunctionDefinition {
  const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../../manifest.json', import.meta.url)), 'utf8')) as {
    functions: Record<string, { title: string; input_parameters: Record<string, ManifestParameter>; output_parameters: Record<string, ManifestParameter> }>;
  };
  const step = manifest.functions.ask_tomo!;
  const asArray = (parameters: Record<string, ManifestParameter>) =>
    Object.entries(parameters).map(([name, p]) => ({
      name,
      type: p.type,
      is_required: p.is_required === true,
      ...(p.title === undefined ? {} : { title: p.title }),
      ...(p.description === undefined ? {} : { description: p.description }),
    }));
  return {
    callbackId: 'ask_tomo',
    title: step.title,
    inputParameters: asArray(step.input_parameters),
    outputParameters: asArray(step.output_parameters),
  };
}
