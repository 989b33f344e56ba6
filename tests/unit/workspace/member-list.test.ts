import { describe, expect, it } from 'vitest';
import { memberDisplayName } from '../../../core/workspace/member';
import type { MemberRow } from '../../../core/workspace/member-list';
import { searchMembers, sortMemberRows } from '../../../core/workspace/member-list';
import { aMember } from '../support/builders';

const row = (member: ReturnType<ReturnType<typeof aMember>['build']>, assignment: MemberRow['assignment'] = null): MemberRow => ({
  member,
  assignment,
});
const seat = (planPosition: number, updatedAt: string) => ({ planPosition, updatedAt: new Date(updatedAt), updatedBy: 'UADMIN' });
const names = (rows: MemberRow[]) => rows.map((r) => memberDisplayName(r.member));

describe('members list sort (spec 6)', () => {
  it('sorts by assigned model position, update time (newest first), role rank, title, name', () => {
    const rows = [
      row(aMember().named('zed unassigned member').build()),
      row(aMember().named('premium').build(), seat(3, '2025-01-05')),
      row(aMember().named('entry older').build(), seat(1, '2025-01-01')),
      row(aMember().named('entry newer').build(), seat(1, '2025-01-03')),
      row(aMember().named('admin').admin().build()),
      row(aMember().named('b member').titled('Engineer').build()),
      row(aMember().named('a member').titled('Engineer').build()),
      row(aMember().named('c member').titled('Designer').build()),
      row(aMember().named('bot').bot().build()),
    ];
    expect(names(sortMemberRows(rows))).toEqual([
      'entry newer',
      'entry older',
      'premium',
      'admin',
      'zed unassigned member',
      'c member',
      'a member',
      'b member',
      'bot',
    ]);
  });
});

describe('member search (spec 2)', () => {
  const rows = [
    row(aMember('U1').named('Hanako Yamada').build()),
    row(aMember('U2').named('Taro').titled('Sales Lead').build()),
    row(aMember('U3').withProfile({}).withName('jdoe').withRealName('John Doe').build()),
  ];

  it('matches a case-insensitive substring of name or title', () => {
    expect(searchMembers(rows, 'YAMA').map((r) => r.member.id)).toEqual(['U1']);
    expect(searchMembers(rows, 'sales').map((r) => r.member.id)).toEqual(['U2']);
    expect(searchMembers(rows, 'john').map((r) => r.member.id)).toEqual(['U3']);
    expect(searchMembers(rows, 'nobody')).toEqual([]);
  });

  it('is applied only with at least one character', () => {
    expect(searchMembers(rows, '')).toHaveLength(3);
    expect(searchMembers(rows, '   ')).toHaveLength(3);
    expect(searchMembers(rows, ' john ').map((r) => r.member.id)).toEqual(['U3']);
  });
});
