import { describe, expect, it } from 'vitest';
import { isAdmin, isFullMemberOf, memberDisplayName, memberRole, roleRank } from '../../../core/workspace/member';
import { aMember } from '../support/builders';

describe('member display name fallback (spec 3)', () => {
  const full = {
    displayName: 'disp',
    displayNameNormalized: 'disp-norm',
    realName: 'real',
    realNameNormalized: 'real-norm',
  };
  it('uses display name, normalized display name, real name, normalized real name, name, real_name, then id', () => {
    const m = (profile: object, name?: string, realName?: string) => {
      const builder = aMember('U1').withProfile(profile).withName(name);
      return memberDisplayName((realName ? builder.withRealName(realName) : builder).build());
    };
    expect(m(full, 'n', 'top')).toBe('disp');
    expect(m({ ...full, displayName: '' }, 'n')).toBe('disp-norm');
    expect(m({ realName: 'real', realNameNormalized: 'real-norm' }, 'n')).toBe('real');
    expect(m({ realNameNormalized: 'real-norm' }, 'n')).toBe('real-norm');
    expect(m({}, 'handle', 'top')).toBe('handle');
    expect(m({}, undefined, 'Top Level')).toBe('Top Level');
    expect(m({}, undefined)).toBe('U1: (No Name)');
  });

  it('works without a profile at all', () => {
    expect(memberDisplayName({ id: 'U9' })).toBe('U9: (No Name)');
  });
});

describe('admin rights and role rank (spec 6)', () => {
  it('isAdmin comes from is_admin, is_owner or is_primary_owner', () => {
    expect(isAdmin(aMember().admin().build())).toBe(true);
    expect(isAdmin({ id: 'U1', isOwner: true })).toBe(true);
    expect(isAdmin({ id: 'U1', isPrimaryOwner: true })).toBe(true);
    expect(isAdmin(aMember().build())).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  it('ranks primary owner 1, owner 2, admin 3, member 4, guests 5 and 6, bots 7, other 9', () => {
    const ranks = [
      aMember().primaryOwner(),
      aMember().owner(),
      aMember().admin(),
      aMember(),
      aMember().restricted(),
      aMember().ultraRestricted(),
      aMember().bot(),
      aMember().appUser(),
      aMember().workflowBot(),
      aMember().deleted(),
    ].map((b) => roleRank(b.build()));
    expect(ranks).toEqual([1, 2, 3, 4, 5, 6, 7, 7, 7, 9]);
    expect(memberRole(aMember().ultraRestricted().build())).toBe('ultra_restricted');
  });

  it('isFullMemberOf: not a guest, not of another organization (Slack Connect), Enterprise Grid workspaces included', () => {
    expect(isFullMemberOf({ id: 'U1', homeTeamId: 'T1' }, 'T1')).toBe(true);
    expect(isFullMemberOf({ id: 'U1' }, 'T1')).toBe(true);
    expect(isFullMemberOf({ id: 'U1', homeTeamId: 'T2', enterpriseTeamIds: ['T2', 'T1'] }, 'T1')).toBe(true);
    expect(isFullMemberOf({ id: 'U1', homeTeamId: 'T2' }, 'T1')).toBe(false);
    expect(isFullMemberOf({ id: 'U1', homeTeamId: 'T1', isStranger: true }, 'T1')).toBe(false);
    expect(isFullMemberOf({ id: 'U1', isRestricted: true }, 'T1')).toBe(false);
    expect(isFullMemberOf({ id: 'U1', isUltraRestricted: true }, 'T1')).toBe(false);
    expect(isFullMemberOf({ id: 'U1', deleted: true }, 'T1')).toBe(false);
    expect(isFullMemberOf(undefined, 'T1')).toBe(false);
  });
});
