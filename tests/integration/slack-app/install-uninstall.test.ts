import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { AesGcmSecretBox } from '../../../adapters/crypto';
import { createPgRepositories, type PgRepositories } from '../../../adapters/postgres/pg-repositories';
import { SLACK_QUEUES } from '../../../apps/shared/slack-jobs';
import { InstallStateSigner } from '../../../apps/server/http/slack/install-state';
import { Subscription } from '../../../core/billing/subscription';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import {
  buyPlan,
  eventually,
  installThroughBrowser,
  jobsOf,
  mention,
  repliesIn,
  sendEvent,
  settled,
  startSlackAppWorld,
  type SlackAppWorld,
} from './support/slack-app-world';

describe('Slack app: install and uninstall', () => {
  let world: SlackAppWorld;
  let repositories: PgRepositories;

  beforeAll(async () => {
    world = await startSlackAppWorld();
    repositories = createPgRepositories(world.app.database.orm, AesGcmSecretBox.fromEnv(world.app.config.ENCRYPTION_KEY!));
  });
  afterAll(() => world.close());

  const sql = async (text: string) => {
    const client = new pg.Client({ connectionString: world.app.db.url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };

  /** The first trial as if it had begun 13 days ago: 1 day left, so a re-install's 7 days are more. */
  const useUpFirstTrial = (teamId: string) =>
    sql(`update subscriptions set current_period_start = current_period_start - interval '13 days',
      current_period_end = current_period_end - interval '13 days' where id = 'trial-${teamId}-1'`);

  const rawInstallationRow = async (teamId: string) => {
    const client = new pg.Client({ connectionString: world.app.db.url });
    await client.connect();
    try {
      return (await client.query('select * from installations where team_id = $1', [teamId])).rows[0] as Record<string, unknown>;
    } finally {
      await client.end();
    }
  };

  it('sends the installer to Slack with every bot scope and a state bound to this browser', async () => {
    const start = await fetch(`${world.app.baseUrl}/slack/install`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${world.slack.origin}/oauth/v2/authorize`);
    expect(location.searchParams.get('redirect_uri')).toBe(`${world.app.config.PUBLIC_URL}/slack/oauth_redirect`);
    expect(location.searchParams.get('scope')!.split(',')).toEqual(expect.arrayContaining(['app_mentions:read', 'im:history', 'chat:write']));
    const cookie = start.headers.get('set-cookie')!;
    expect(cookie).toMatch(/tomo_slack_install=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toContain(location.searchParams.get('state')!);
  });

  it('stores the installation with its token encrypted and starts the 14-day trial', async () => {
    const page = await installThroughBrowser(world);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Tomo is now part of Acme');

    const installation = await repositories.installations.find(world.ws.team.id);
    expect(installation).toMatchObject({
      teamName: 'Acme',
      botUserId: world.ws.team.botUserId,
      botId: world.ws.team.botId,
      botToken: world.ws.team.botToken,
      installedBy: world.ws.alice,
      installCount: 1,
    });
    const row = await rawInstallationRow(world.ws.team.id);
    expect(row).toMatchObject({ bot_token_sealed: expect.stringMatching(/^v1\./) });
    expect(JSON.stringify(row)).not.toContain(world.ws.team.botToken);
    const [trial, ...others] = await repositories.subscriptions.listByTeam(world.ws.team.id);
    expect(others).toEqual([]);
    expect(trial).toMatchObject({ kind: 'trial', status: 'trialing' });
    expect(Math.round((trial!.currentPeriodEnd.getTime() - trial!.currentPeriodStart.getTime()) / 86_400_000)).toBe(14);
  });

  it('refuses a redirect from another browser, a forged state, and an expired one', async () => {
    const other = seedWorkspace(world.slack, 'T0STATE');
    world.slack.installAs({ teamId: other.team.id, userId: other.alice });
    const start = await fetch(`${world.app.baseUrl}/slack/install`, { redirect: 'manual' });
    const atSlack = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = atSlack.headers.get('location')!;

    const withoutCookie = await fetch(back, { redirect: 'manual' });
    expect(withoutCookie.status).toBe(400);
    expect(await withoutCookie.text()).toContain('This install link has expired');

    const signer = new InstallStateSigner(world.app.config.SESSION_SECRET!);
    const mine = signer.issue(new Date());
    expect((await fetch(back, { headers: { cookie: `tomo_slack_install=${mine.cookie}` } })).status).toBe(400);

    const expired = signer.issue(new Date(Date.now() - 11 * 60_000));
    const code = new URL(back).searchParams.get('code')!;
    const late = await fetch(`${world.app.baseUrl}/slack/oauth_redirect?code=${code}&state=${expired.state}`, {
      headers: { cookie: `tomo_slack_install=${expired.cookie}` },
    });
    expect(late.status).toBe(400);
    expect(await repositories.installations.find(other.team.id)).toBeNull();
  });

  it('says so when the installer cancels on Slack’s page', async () => {
    const signer = new InstallStateSigner(world.app.config.SESSION_SECRET!);
    const { state, cookie } = signer.issue(new Date());
    const page = await fetch(`${world.app.baseUrl}/slack/oauth_redirect?error=access_denied&state=${state}`, {
      headers: { cookie: `tomo_slack_install=${cookie}`, 'accept-language': 'ja,en;q=0.5' },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('インストールをキャンセルしました');
  });

  it('tells an org admin who installed for a whole Enterprise Grid organization to choose a workspace, and stores nothing', async () => {
    const ws = seedWorkspace(world.slack, 'T0GRID');
    for (const [language, expected] of [
      ['en-US', 'Tomo is installed into one workspace at a time, not into a whole Enterprise Grid organization, so it was not installed.'],
      ['ja', 'TomoはEnterprise Gridのオーガナイゼーション全体ではなく、ワークスペースごとにインストールします。'],
    ] as const) {
      world.slack.installAs({ teamId: ws.team.id, userId: ws.alice, orgWide: { enterpriseId: 'E0GRID', name: 'Starship' } });
      const start = await fetch(`${world.app.baseUrl}/slack/install`, { redirect: 'manual' });
      const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
      const atSlack = await fetch(start.headers.get('location')!, { redirect: 'manual' });
      const page = await fetch(atSlack.headers.get('location')!, { headers: { cookie, 'accept-language': language }, redirect: 'manual' });
      expect(page.status).toBe(400);
      const text = await page.text();
      expect(text).toContain(expected);
      expect(text).not.toContain('Slack did not confirm the install');
    }
    expect(await repositories.installations.find(ws.team.id)).toBeNull();
    expect(await repositories.installations.find('E0GRID')).toBeNull();
    expect(await repositories.subscriptions.listByTeam(ws.team.id)).toEqual([]);
  });

  it('a code Slack already exchanged (the callback replayed with a fresh state) fails with the failed page and changes nothing', async () => {
    const ws = seedWorkspace(world.slack, 'T0REUSE');
    world.slack.installAs({ teamId: ws.team.id, userId: ws.alice });
    const start = await fetch(`${world.app.baseUrl}/slack/install`, { redirect: 'manual' });
    const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
    const back = new URL((await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);
    expect((await fetch(back, { headers: { cookie } })).status).toBe(200);
    const before = await repositories.installations.find(ws.team.id);

    const signer = new InstallStateSigner(world.app.config.SESSION_SECRET!);
    const fresh = signer.issue(new Date());
    back.searchParams.set('state', fresh.state);
    const replay = await fetch(back, { headers: { cookie: `tomo_slack_install=${fresh.cookie}`, 'accept-language': 'ja' } });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('Slackでインストールを確認できませんでした。');
    expect(world.slack.callsTo('oauth.v2.access').at(-1)!.outcome).toBe('invalid_code');
    expect(await repositories.installations.find(ws.team.id)).toEqual(before);
    expect(await repositories.subscriptions.listByTeam(ws.team.id)).toHaveLength(1);
  });

  describe('the database failing while the install is stored', () => {
    // A real PostgreSQL refusing one table's writes for one workspace, as an outage between two writes would.
    const failWritesTo = async (table: 'installations' | 'subscriptions', teamId: string) => {
      await sql(`create or replace function tomo_test_refuse() returns trigger language plpgsql as $$
        begin if new.team_id = '${teamId}' then raise exception 'refused by the test'; end if; return new; end $$`);
      await sql(`create trigger tomo_test_refuse before insert or update on ${table} for each row execute function tomo_test_refuse()`);
      return () => sql(`drop trigger tomo_test_refuse on ${table}`);
    };
    const installInJapanese = async (ws: SeededWorkspace) => {
      world.slack.installAs({ teamId: ws.team.id, userId: ws.alice });
      const start = await fetch(`${world.app.baseUrl}/slack/install`, { redirect: 'manual' });
      const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
      const atSlack = await fetch(start.headers.get('location')!, { redirect: 'manual' });
      return fetch(atSlack.headers.get('location')!, { headers: { cookie, 'accept-language': 'ja' }, redirect: 'manual' });
    };
    const trialDaysOf = async (teamId: string) =>
      (await repositories.subscriptions.listByTeam(teamId)).map((s) => Math.round((s.currentPeriodEnd.getTime() - s.currentPeriodStart.getTime()) / 86_400_000));

    it('shows the installer the unknown-error page and keeps no installation without its trial: the next try gets the 14-day trial', async () => {
      const ws = seedWorkspace(world.slack, 'T0DBDOWN');
      const restore = await failWritesTo('subscriptions', ws.team.id);
      let page: Response;
      try {
        page = await installInJapanese(ws);
      } finally {
        await restore();
      }
      expect(page.status).toBe(500);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const text = await page.text();
      expect(text).toContain('Tomoをインストールできませんでした');
      expect(text).toContain('不明なエラーが発生しました。しばらくしてからもう一度お試しいただくか、お問い合わせください。');
      expect(await repositories.installations.find(ws.team.id)).toBeNull();

      const again = await installThroughBrowser(world, ws);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain('Your free 14-day trial has started');
      expect(await trialDaysOf(ws.team.id)).toEqual([14]);
    });

    it('a re-install whose installation could not be stored, tried again, starts one 7-day trial, not two', async () => {
      const ws = seedWorkspace(world.slack, 'T0DBREIN');
      await installThroughBrowser(world, ws);
      await useUpFirstTrial(ws.team.id);
      await sendEvent(world, { type: 'app_uninstalled' }, { ws });
      await eventually(async () => expect(await repositories.installations.find(ws.team.id)).toMatchObject({ botToken: null }));

      const restore = await failWritesTo('installations', ws.team.id);
      let page: Response;
      try {
        page = await installThroughBrowser(world, ws);
      } finally {
        await restore();
      }
      expect(page.status).toBe(500);
      expect(await page.text()).toContain('An unknown error has occurred. Please try again later or contact us.');
      expect(await repositories.installations.find(ws.team.id)).toMatchObject({ botToken: null, installCount: 1 });

      const again = await installThroughBrowser(world, ws);
      expect(await again.text()).toContain('Your free 7-day trial has started');
      expect(await repositories.installations.find(ws.team.id)).toMatchObject({ installCount: 2, uninstalledAt: null });
      const now = new Date();
      const usable = (await repositories.subscriptions.listByTeam(ws.team.id)).filter((s) => Subscription.fromRecord(s).isUsableAt(now));
      expect(usable.map((s) => s.kind)).toEqual(['trial']);
      expect(await trialDaysOf(ws.team.id)).toEqual([14, 7]);
    });
  });

  it('on app_uninstalled cancels every subscription and forgets the token; a re-install gets a 7-day trial', async () => {
    const ws = seedWorkspace(world.slack, 'T0GONE');
    await installThroughBrowser(world, ws);
    await useUpFirstTrial(ws.team.id);

    expect((await sendEvent(world, { type: 'app_uninstalled' }, { ws })).status).toBe(200);

    await eventually(async () => expect(await repositories.installations.find(ws.team.id)).toMatchObject({ botToken: null }));
    const installation = await repositories.installations.find(ws.team.id);
    expect(installation!.uninstalledAt).not.toBeNull();
    expect(await rawInstallationRow(ws.team.id)).toMatchObject({ bot_token_sealed: null });
    const now = new Date();
    const statuses = (await repositories.subscriptions.listByTeam(ws.team.id)).map((s) => Subscription.fromRecord(s).statusAt(now));
    expect(statuses).toEqual(['canceled']);
    // The billing side is asked to end paid subscriptions at the provider too.
    await eventually(async () =>
      expect((await jobsOf(world, 'billing-cancel-workspace')).filter((job) => (job.data as { teamId?: string }).teamId === ws.team.id)).toHaveLength(1),
    );

    // A mention after uninstall gets no answer: there is no token to answer with.
    const message = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'hi' });
    await sendEvent(world, mention(world, { ts: message.ts, channel: ws.channel }, ws), { ws });
    const jobs = (await settled(world)).filter((job) => (job.data as { ts?: string }).ts === message.ts);
    expect(jobs[0]!.output).toMatchObject({ status: 'ignored', reason: 'not_installed' });

    const again = await installThroughBrowser(world, ws);
    expect(await again.text()).toContain('Your free 7-day trial has started');
    expect(await repositories.installations.find(ws.team.id)).toMatchObject({ installCount: 2, botToken: ws.team.botToken });
  });

  it('a re-install early in the first trial keeps the days that trial had left: the page says 14 days, not 7', async () => {
    const ws = seedWorkspace(world.slack, 'T0EARLY');
    await installThroughBrowser(world, ws);
    await sendEvent(world, { type: 'app_uninstalled' }, { ws });
    await eventually(async () => expect(await repositories.installations.find(ws.team.id)).toMatchObject({ botToken: null }));

    const again = await installThroughBrowser(world, ws);
    expect(await again.text()).toContain('Your free 14-day trial has started');
    expect(await repositories.installations.find(ws.team.id)).toMatchObject({ installCount: 2, uninstalledAt: null });
  });

  it('gives the 7-day re-install trial only once: uninstalling and installing again does not start another free trial', async () => {
    const ws = seedWorkspace(world.slack, 'T0AGAIN');
    const uninstall = async () => {
      await sendEvent(world, { type: 'app_uninstalled' }, { ws });
      await eventually(async () => expect(await repositories.installations.find(ws.team.id)).toMatchObject({ botToken: null }));
    };
    await installThroughBrowser(world, ws);
    await useUpFirstTrial(ws.team.id);
    await uninstall();
    expect(await (await installThroughBrowser(world, ws)).text()).toContain('Your free 7-day trial has started');
    await uninstall();

    const third = await installThroughBrowser(world, ws);
    expect(third.status).toBe(200);
    const page = await third.text();
    expect(page).not.toContain('trial has started');
    // The installer is told what a question would be told, not to go and mention @Tomo.
    expect(page).toContain(
      `Tomo is now part of ${ws.team.name}, but it does not answer yet: Your free trial of Tomo has ended. To keep using Tomo, a workspace admin can buy a plan at ${world.app.baseUrl}/pricing`,
    );
    expect(page).not.toContain('Mention @Tomo');
    expect(page).toContain('<a href="/pricing">Plans and pricing</a>');
    expect(await repositories.installations.find(ws.team.id)).toMatchObject({ installCount: 3, botToken: ws.team.botToken });

    const message = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'hi' });
    await sendEvent(world, mention(world, { ts: message.ts, channel: ws.channel }, ws), { ws });
    await eventually(() =>
      expect(repliesIn(world, ws.channel, message.ts)).toEqual([expect.stringContaining('Your free trial of Tomo has ended.')]),
    );
  });

  it('a workspace whose paid plan the uninstall canceled, re-installed after its re-trial, is told in the installer\'s language that its plan ended', async () => {
    const ws = seedWorkspace(world.slack, 'T0PAIDJA');
    const uninstall = async () => {
      await sendEvent(world, { type: 'app_uninstalled' }, { ws });
      await eventually(async () => expect(await repositories.installations.find(ws.team.id)).toMatchObject({ botToken: null }));
    };
    await installThroughBrowser(world, ws);
    await buyPlan(world, ws, { id: 'sub-paid-ja', quantity: 3 });
    await uninstall();
    await installThroughBrowser(world, ws);
    await uninstall();

    const page = await (await installThroughBrowser(world, ws, ws.alice, 'ja,en;q=0.8')).text();
    expect(page).toContain(
      `Tomoが${ws.team.name}に追加されましたが、まだ回答できません。ワークスペースのTomoのプランは終了しました。引き続きご利用いただくには、ワークスペースの管理者が ${world.app.baseUrl}/ja/pricing からプランを購入してください。`,
    );
    expect(page).toContain('<a href="/ja/pricing">料金プラン</a>');
    // Settings in the installer's language too, not the English pages.
    expect(page).toContain('<a href="/ja/settings/app">設定</a>');

    // Running the install again while the re-trial still runs says nothing of the kind.
    const other = seedWorkspace(world.slack, 'T0RERUN');
    await installThroughBrowser(world, other);
    const rerun = await (await installThroughBrowser(world, other)).text();
    expect(rerun).toContain('Mention @Tomo');
    expect(rerun).not.toContain('does not answer yet');
  });

  describe('an uninstall delivered late (Slack redelivers failed events; the job may wait for a worker)', () => {
    const uninstallJobsOf = async (ws: SeededWorkspace) =>
      (await settled(world, SLACK_QUEUES.slackUninstall.name)).filter((job) => (job.data as { teamId?: string }).teamId === ws.team.id);
    const statusesOf = async (ws: SeededWorkspace) => {
      const now = new Date();
      return (await repositories.subscriptions.listByTeam(ws.team.id)).map((s) => Subscription.fromRecord(s).statusAt(now));
    };

    it('ignores app_uninstalled and tokens_revoked that happened before the installation: it keeps its token and trial, and answers', async () => {
      const ws = seedWorkspace(world.slack, 'T0LATE');
      await installThroughBrowser(world, ws);

      // 2023-11-14, long before this install.
      expect((await sendEvent(world, { type: 'app_uninstalled' }, { ws, eventId: 'EvUn0', eventTime: 1_700_000_000 })).status).toBe(200);
      await sendEvent(world, { type: 'tokens_revoked', tokens: { bot: [ws.team.botUserId] } }, { ws, eventTime: 1_700_000_000 });

      const jobs = await uninstallJobsOf(ws);
      expect(jobs.map((job) => job.state)).toEqual(['completed', 'completed']);
      expect(await repositories.installations.find(ws.team.id)).toMatchObject({ botToken: ws.team.botToken, uninstalledAt: null, installCount: 1 });
      expect(await statusesOf(ws)).toEqual(['trialing']);
      await settled(world, 'billing-cancel-workspace');
      expect((await jobsOf(world, 'billing-cancel-workspace')).filter((job) => (job.data as { teamId?: string }).teamId === ws.team.id)).toEqual([]);

      world.openai.answer('Still here.');
      const message = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'hi' });
      await sendEvent(world, mention(world, { ts: message.ts, channel: ws.channel }, ws), { ws });
      await eventually(() => expect(repliesIn(world, ws.channel, message.ts)).toEqual(['Still here.']));
    });

    it('a re-install before the uninstall was recorded outdates it; an uninstall after the re-install still uninstalls', async () => {
      const ws = seedWorkspace(world.slack, 'T0BACK');
      await installThroughBrowser(world, ws);
      // Installed an hour ago; the admin uninstalled a minute ago, and that event is still on its way.
      const hourAgo = new Date(Date.now() - 3_600_000);
      const first = (await repositories.installations.find(ws.team.id))!;
      await repositories.installations.save(ws.team.id, { ...first, firstInstalledAt: hourAgo, installedAt: hourAgo });
      const uninstalledAt = Math.floor(Date.now() / 1000) - 60;

      expect((await installThroughBrowser(world, ws)).status).toBe(200);
      await sendEvent(world, { type: 'app_uninstalled' }, { ws, eventTime: uninstalledAt });
      expect((await uninstallJobsOf(ws)).map((job) => job.state)).toEqual(['completed']);
      expect(await repositories.installations.find(ws.team.id)).toMatchObject({ botToken: ws.team.botToken, uninstalledAt: null });
      expect(await statusesOf(ws)).toEqual(['trialing']);

      await sendEvent(world, { type: 'app_uninstalled' }, { ws });
      await eventually(async () => expect(await repositories.installations.find(ws.team.id)).toMatchObject({ botToken: null }));
      // The uninstall clears the token, then cancels the trial: its job's end is when both hold.
      expect((await uninstallJobsOf(ws)).every((job) => job.state === 'completed')).toBe(true);
      expect(await statusesOf(ws)).toEqual(['canceled']);
    });

    it('still uninstalls for a job queued before jobs carried the event time', async () => {
      const ws = seedWorkspace(world.slack, 'T0OLDJOB');
      await installThroughBrowser(world, ws);
      await world.app.queue.send(SLACK_QUEUES.slackUninstall.name, { teamId: ws.team.id, eventId: 'EvOldJob', reason: 'app_uninstalled' });
      await eventually(async () => expect(await repositories.installations.find(ws.team.id)).toMatchObject({ botToken: null }));
      // The uninstall clears the token, then cancels the trial: its job's end is when both hold.
      expect((await uninstallJobsOf(ws)).every((job) => job.state === 'completed')).toBe(true);
      expect(await statusesOf(ws)).toEqual(['canceled']);
    });
  });

  describe('jobs queued for a workspace whose app was removed, before Slack\'s app_uninstalled is handled', () => {
    const deadCalls = (ws: SeededWorkspace) => world.slack.calls.filter((call) => call.token === ws.team.botToken && call.outcome === 'account_inactive');

    it('a question meets the dead token once: no retries, no error message tried, no model asked; Slack\'s uninstall still uninstalls', async () => {
      const ws = seedWorkspace(world.slack, 'T0DEADQ');
      await installThroughBrowser(world, ws);
      const asked = world.openai.calls.length;
      world.slack.removeApp(ws.team.id);

      const message = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'hi' });
      await sendEvent(world, mention(world, { ts: message.ts, channel: ws.channel }, ws), { ws });
      const job = (await settled(world)).find((j) => (j.data as { ts?: string }).ts === message.ts)!;

      expect(job.state).toBe('completed');
      expect(job.output).toMatchObject({ status: 'failed', reason: 'token_revoked' });
      expect(deadCalls(ws)).toHaveLength(1);
      expect(world.openai.calls.length).toBe(asked);

      await sendEvent(world, { type: 'app_uninstalled' }, { ws });
      await eventually(async () => expect(await repositories.installations.find(ws.team.id)).toMatchObject({ botToken: null }));
    });

    it('an answer whose app is removed while the model writes ends there: no error message posted with the dead token, the model asked once', async () => {
      const ws = seedWorkspace(world.slack, 'T0DEADA');
      await installThroughBrowser(world, ws);
      world.openai.answer('Almost there.');
      const asked = world.openai.calls.length;
      const held = world.slack.holdNext('chat.startStream');

      const message = world.slack.addMessage({ channel: ws.channel, user: ws.alice, text: 'hi' });
      await sendEvent(world, mention(world, { ts: message.ts, channel: ws.channel }, ws), { ws });
      await held.arrived;
      world.slack.removeApp(ws.team.id);
      held.release();
      const job = (await settled(world)).find((j) => (j.data as { ts?: string }).ts === message.ts)!;

      expect(job.state).toBe('completed');
      expect(job.output).toMatchObject({ status: 'failed', reason: 'token_revoked', errorCode: 'account_inactive' });
      expect(deadCalls(ws).map((call) => call.method)).not.toContain('chat.postMessage');
      expect(deadCalls(ws).map((call) => call.method)).toContain('chat.startStream');
      expect(world.openai.calls.length).toBe(asked + 1);
    });
  });

  it('treats tokens_revoked of the bot token as an uninstall; revoked user tokens only mark those people\'s Slack connections "reconnect needed"', async () => {
    const ws: SeededWorkspace = seedWorkspace(world.slack, 'T0REVOKE');
    await installThroughBrowser(world, ws);
    const tokens = repositories.oauthTokens;
    await tokens.append(ws.team.id, { teamId: ws.team.id, userId: ws.alice, provider: 'slack', accessToken: 'xoxp-alice', refreshToken: null, scopes: 'search:read', expiresAt: null, accountName: 'alice', status: 'connected', updatedBy: ws.alice, updatedAt: new Date() });
    await tokens.append(ws.team.id, { teamId: ws.team.id, userId: ws.bob, provider: 'slack', accessToken: 'xoxp-bob', refreshToken: null, scopes: 'search:read', expiresAt: null, accountName: 'bob', status: 'connected', updatedBy: ws.bob, updatedAt: new Date() });

    await sendEvent(world, { type: 'tokens_revoked', tokens: { oauth: [ws.alice] } }, { ws });
    await eventually(async () => expect(await tokens.findLatest(ws.team.id, ws.alice, 'slack')).toMatchObject({ status: 'reconnect_needed', accessToken: null }));
    expect(await tokens.findLatest(ws.team.id, ws.bob, 'slack')).toMatchObject({ status: 'connected', accessToken: 'xoxp-bob' });
    expect(await repositories.installations.find(ws.team.id)).toMatchObject({ botToken: ws.team.botToken });

    await sendEvent(world, { type: 'tokens_revoked', tokens: { bot: [ws.team.botUserId] } }, { ws });
    await eventually(async () => expect(await repositories.installations.find(ws.team.id)).toMatchObject({ botToken: null }));
    const uninstalls = (await settled(world, SLACK_QUEUES.slackUninstall.name)).filter((job) => {
      const data = job.data as { teamId?: string; reason?: string };
      return data.teamId === ws.team.id && data.reason !== 'user_tokens_revoked';
    });
    expect(uninstalls).toHaveLength(1);
  });
});
