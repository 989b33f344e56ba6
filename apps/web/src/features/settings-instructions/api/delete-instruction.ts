import { apiFetch } from '../../../lib/settings/api-client';
import type { InstructionLevel } from './get-instructions';

/** DELETE /api/settings/instructions/:level?targetId= (`unlisted`: a channel Slack no longer lists, admins only) */
export const deleteInstruction = (level: InstructionLevel, targetId: string | null, { unlisted = false } = {}) => {
  const query = new URLSearchParams({ ...(targetId ? { targetId } : {}), ...(unlisted ? { unlisted: 'true' } : {}) }).toString();
  return apiFetch<void>(`/api/settings/instructions/${level}${query ? `?${query}` : ''}`, { method: 'DELETE' });
};
