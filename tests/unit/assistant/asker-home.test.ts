import { describe, expect, it } from 'vitest';
import { homeOf } from '../../../core/assistant/answer-pipeline';

/**
 * Whose workspace a reactor belongs to, from Slack's users.info of them (a reaction_added
 * carries no `user_team`): the same rule as a question's, so an outsider never takes a seat.
 */
describe('homeOf: the asker’s own workspace from their profile', () => {
  const person = { id: 'U1' };

  it('is this workspace for its own people, and when nothing is known of them', () => {
    expect(homeOf('T1', { ...person, homeTeamId: 'T1' }, false, {})).toEqual({ teamId: 'T1' });
    expect(homeOf('T1', undefined, false, {})).toEqual({ teamId: 'T1' });
  });

  it('names a Slack Connect partner’s workspace from users.info’s team_id', () => {
    expect(homeOf('T1', { ...person, homeTeamId: 'T2' }, false, {})).toEqual({ teamId: 'T2' });
  });

  it('counts a stranger and a person Slack hides (user_not_visible) as outsiders', () => {
    expect(homeOf('T1', { ...person, isStranger: true }, false, {})).toEqual({ teamId: 'T1', outsider: true });
    expect(homeOf('T1', undefined, true, {})).toEqual({ teamId: 'T1', outsider: true });
  });

  it('on Enterprise Grid keeps the organization’s people in (team_id may name the org or a sibling workspace), not another org’s', () => {
    const grid = { enterpriseId: 'E1' };
    expect(homeOf('T1', { ...person, homeTeamId: 'E1', enterpriseId: 'E1' }, false, grid)).toEqual({ teamId: 'T1' });
    expect(homeOf('T1', { ...person, homeTeamId: 'T9', enterpriseId: 'E1' }, false, grid)).toEqual({ teamId: 'T1' });
    expect(homeOf('T1', { ...person, homeTeamId: 'T7', enterpriseId: 'E2' }, false, grid)).toEqual({ teamId: 'T7', outsider: true });
    expect(homeOf('T1', { ...person, homeTeamId: 'T8' }, false, grid)).toEqual({ teamId: 'T8' });
  });
});
