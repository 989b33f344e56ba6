import { fetchUserContext, type UserContext } from '../../../lib/settings/user-context';

/** The part of GET /api/me this page reads beyond the shared user context. */
interface MeMembers {
  members?: { id?: unknown; display_name?: unknown }[];
}

/**
 * Display names of the workspace's members by id, to name who would lose a seat. Reads the
 * user context the settings pages already asked for (one GET /api/me per page load).
 */
export async function getMemberNames(): Promise<Map<string, string>> {
  const me = (await fetchUserContext()) as (UserContext & MeMembers) | null;
  const names = new Map<string, string>();
  for (const member of me?.members ?? []) {
    if (typeof member.id === 'string' && typeof member.display_name === 'string' && member.display_name !== '') {
      names.set(member.id, member.display_name);
    }
  }
  return names;
}
