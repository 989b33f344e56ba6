import { describe, expect, it } from 'vitest';
import { mentionsUser } from '../../../core/shared/user-mention';

describe('mentionsUser', () => {
  it('finds <@U…> and <@U…|label>, anywhere in the text', () => {
    expect(mentionsUser('<@U0TOMO> hi', 'U0TOMO')).toBe(true);
    expect(mentionsUser('ask <@U0TOMO|tomo> now', 'U0TOMO')).toBe(true);
    expect(mentionsUser('<@U0TOMOX2> and <@U0TOMO>', 'U0TOMO')).toBe(true);
  });

  it('does not take another person whose id begins with the same characters', () => {
    expect(mentionsUser('who decides, <@U0TOMOX2>?', 'U0TOMO')).toBe(false);
    expect(mentionsUser('<@U0TOMO', 'U0TOMO')).toBe(false);
    expect(mentionsUser('U0TOMO without markup', 'U0TOMO')).toBe(false);
    expect(mentionsUser('<@>', '')).toBe(false);
  });
});
