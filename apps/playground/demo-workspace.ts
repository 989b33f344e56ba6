import type { FakeSlack } from '../../adapters/slack-emulator/fake-slack';

export interface DemoWorkspace {
  teamId: string;
  teamName: string;
  /** The visitor: Ada, the workspace's admin and owner. */
  me: string;
  people: { id: string; name: string }[];
  channels: { id: string; name: string }[];
  /** Ada's DM with Tomo. */
  dm: string;
  /** Another app's bot, for the Auto replies page. */
  botUserId: string;
}

/**
 * The playground's workspace: three people (Ada the admin, who the visitor is; Ben; Chika, who
 * reads Japanese), two channels Tomo is in, Ada's DM with Tomo, and a deploy bot. A few
 * messages give threads something to read.
 */
export function seedDemoWorkspace(slack: FakeSlack): DemoWorkspace {
  const teamId = 'T0PLAYGRND';
  const team = slack.addTeam({ id: teamId, name: 'Playground', domain: 'playground' });
  const person = (id: string, name: string, realName: string, extra: Record<string, unknown> = {}) =>
    slack.addUser({ id, teamId, name, realName, displayName: realName.split(' ')[0]!, email: `${name}@playground.example`, tz: 'UTC', ...extra });
  const ada = person('U0ADA', 'ada', 'Ada Lovelace', { isAdmin: true, isOwner: true, isPrimaryOwner: true, locale: 'en-US' });
  const ben = person('U0BEN', 'ben', 'Ben Okafor', { locale: 'en-GB' });
  const chika = person('U0CHIKA', 'chika', 'Chika Sato', { locale: 'ja-JP', tz: 'Asia/Tokyo' });
  const general = slack.addChannel({ id: 'C0GENERAL', teamId, name: 'general' });
  const random = slack.addChannel({ id: 'C0RANDOM', teamId, name: 'random' });
  const dm = slack.addChannel({ id: 'D0ADATOMO', teamId, isIm: true, user: ada.id });
  const bot = slack.addBot({ teamId, id: 'B0DEPLOY', userId: 'U0DEPLOYBOT', name: 'Deploy Bot' });

  slack.addMessage({ channel: general.id, user: ben.id, text: 'Morning all! The quarterly review moved to Thursday at 3pm.' });
  slack.addMessage({ channel: general.id, user: chika.id, text: '了解です。資料は水曜日までに共有します。' });
  slack.addMessage({ channel: random.id, user: ben.id, text: 'Anyone tried the new coffee place on Main Street?' });
  slack.addMessage({ channel: general.id, botId: bot.id, user: bot.userId, subtype: 'bot_message', text: 'Deployed web v2.14.0 to production.' });

  return {
    teamId,
    teamName: team.name,
    me: ada.id,
    people: [ada, ben, chika].map((p) => ({ id: p.id, name: p.realName ?? p.name })),
    channels: [general, random].map((c) => ({ id: c.id, name: c.name ?? c.id })),
    dm: dm.id,
    botUserId: bot.userId,
  };
}
