import { apiFetch } from '../../../lib/settings/api-client';
import type { InstructionLevel } from './get-instructions';

/** PUT /api/settings/instructions/:level — create or update (targetId: channel or user). */
export const saveInstruction = (level: InstructionLevel, input: { targetId: string | null; name: string; text: string }) =>
  apiFetch<unknown>(`/api/settings/instructions/${level}`, { method: 'PUT', json: input });
