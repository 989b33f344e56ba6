import { apiFetch } from '../../../lib/settings/api-client';
import type { InstructionLevel } from './get-instructions';

/** DELETE /api/settings/instructions/:level?targetId= */
export const deleteInstruction = (level: InstructionLevel, targetId: string | null) =>
  apiFetch<void>(`/api/settings/instructions/${level}${targetId ? `?targetId=${encodeURIComponent(targetId)}` : ''}`, { method: 'DELETE' });
