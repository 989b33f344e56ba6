import { apiFetch } from '../../../lib/settings/api-client';
import type { InstructionLevel, InstructionMetrics } from './get-instructions';

/** POST /api/settings/instructions/metrics — characters and tokens of a draft, with its companions. */
export const measureInstruction = (level: InstructionLevel, targetId: string | null, text: string) =>
  apiFetch<InstructionMetrics>('/api/settings/instructions/metrics', { method: 'POST', json: { level, targetId, text } });
