import type { Member } from './member';
import { englishNoName, memberDisplayName, memberTitle, roleRank, type NoNameText } from './member';

/** A member row of the Members page: the member and, when assigned, its seat. */
export interface MemberRow {
  readonly member: Member;
  readonly assignment: {
    /** Position of the assigned plan (Entry 1, Standard 2, Premium 3). */
    readonly planPosition: number;
    readonly updatedAt: Date;
    readonly updatedBy: string | null;
  } | null;
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/**
 * Members list sort (spec 6): assigned model position (assigned first, Entry before
 * Premium), update time (newest first), role rank, title, name.
 */
export function compareMemberRows(a: MemberRow, b: MemberRow, noName: NoNameText = englishNoName): number {
  const position = (row: MemberRow) => row.assignment?.planPosition ?? Number.POSITIVE_INFINITY;
  const updated = (row: MemberRow) => row.assignment?.updatedAt.getTime() ?? Number.NEGATIVE_INFINITY;
  return (
    Math.sign(position(a) - position(b)) ||
    Math.sign(updated(b) - updated(a)) ||
    roleRank(a.member) - roleRank(b.member) ||
    byText(memberTitle(a.member), memberTitle(b.member)) ||
    byText(memberDisplayName(a.member, noName), memberDisplayName(b.member, noName))
  );
}

export function sortMemberRows(rows: readonly MemberRow[], noName: NoNameText = englishNoName): MemberRow[] {
  return [...rows].sort((a, b) => compareMemberRows(a, b, noName));
}

/**
 * Member search (spec 2): case-insensitive substring of display name, user name, real name
 * or title; applied only when the query has at least one character. Spaces around the query
 * are not part of it, and a query of spaces alone is no query (as the Schedules and Reactions
 * searches treat them): a stray space typed in the box lists everyone, not 'No data available'.
 */
export function searchMembers<T extends { readonly member: Member }>(rows: readonly T[], query: string, noName: NoNameText = englishNoName): T[] {
  const needle = query.trim().toLowerCase();
  if (needle.length < 1) return [...rows];
  return rows.filter(({ member }) =>
    [memberDisplayName(member, noName), member.name, member.realName, member.profile?.realName, memberTitle(member)].some(
      (field) => field?.toLowerCase().includes(needle),
    ),
  );
}
