import { AesGcmSecretBox } from '../../../../adapters/crypto';
import { PgInstallationRepository } from '../../../../adapters/postgres/pg-installation-repository';
import { PgSubscriptionRepository } from '../../../../adapters/postgres/pg-subscription-repository';
import { Subscription } from '../../../../core/billing/subscription';
import type { PaidPlanKey } from '../../../../core/billing/plan';
import { startFakeSlack, type FakeSlack, type FakeTeam } from '../../../../adapters/slack-emulator/fake-slack';
import type { Logger } from '../../../../adapters/logging/logger';
import { startTestApp, type TestApp } from '../../../support/app';

/** Two workspaces: Acme (A) with an admin, a member and a bot, and Globex (B) with its own. */
export const TEAM_A = 'T0ACME001';
export const TEAM_B = 'T0GLOBEX1';
export const ADMIN_A = 'U0ADMINA1';
export const MEMBER_A = 'U0MEMBERA';
export const BOT_A = 'U0BOTRELY';
export const ADMIN_B = 'U0ADMINB1';

export interface SettingsWorld {
  app: TestApp;
  slack: FakeSlack;
  teamA: FakeTeam;
  teamB: FakeTeam;
  close(): Promise<void>;
}

/** The Slack fake as identity provider and Web API, and the real server on its own database. */
export async function startSettingsWorld(options: { worker?: boolean; env?: Record<string, string>; logger?: Logger } = {}): Promise<SettingsWorld> {
  const slack = await startFakeSlack();
  const teamA = slack.addTeam({ id: TEAM_A, name: 'Acme' });
  const teamB = slack.addTeam({ id: TEAM_B, name: 'Globex' });
  slack.addUser({ id: ADMIN_A, teamId: TEAM_A, name: 'ana', realName: 'Ana Admin', email: 'ana@acme.test', isAdmin: true, title: 'CTO' });
  slack.addUser({ id: MEMBER_A, teamId: TEAM_A, name: 'mo', realName: 'Mo Member', email: 'mo@acme.test', title: 'Engineer' });
  slack.addUser({ id: BOT_A, teamId: TEAM_A, name: 'relaybot', realName: 'Relay Bot', isBot: true });
  slack.addUser({ id: ADMIN_B, teamId: TEAM_B, name: 'bea', realName: 'Bea Boss', email: 'bea@globex.test', isOwner: true, locale: 'ja-JP' });
  slack.addChannel({ id: 'C0GENERAL', teamId: TEAM_A, name: 'general' });
  slack.addChannel({ id: 'C0RANDOM1', teamId: TEAM_A, name: 'random' });
  slack.addChannel({ id: 'C0SECRETB', teamId: TEAM_B, name: 'globex-secrets' });
  const app = await startTestApp(
    {
      SLACK_CLIENT_ID: slack.settings.clientId,
      SLACK_CLIENT_SECRET: slack.settings.clientSecret,
      SLACK_OIDC_ISSUER: slack.origin,
      SLACK_API_URL: slack.url,
      ...options.env,
    },
    { worker: options.worker ?? false, ...(options.logger ? { logger: options.logger } : {}) },
  );
  for (const team of [teamA, teamB]) await installTomo(app, team);
  return {
    app,
    slack,
    teamA,
    teamB,
    async close() {
      await app.close();
      await slack.close();
    },
  };
}

/** Tomo installed in the workspace, as the install flow would have stored it. */
export async function installTomo(app: TestApp, team: FakeTeam): Promise<void> {
  const secrets = AesGcmSecretBox.fromEnv(app.config.ENCRYPTION_KEY!);
  const now = new Date();
  await new PgInstallationRepository(app.database.orm, secrets).save(team.id, {
    teamId: team.id,
    teamName: team.name,
    botUserId: team.botUserId,
    botId: team.botId,
    botToken: team.botToken,
    installedBy: 'U0INSTALL',
    firstInstalledAt: now,
    installedAt: now,
    uninstalledAt: null,
    installCount: 1,
  });
}

/** A paid subscription bought through checkout (fixed rate), active from now. */
export async function buyPlan(app: TestApp, teamId: string, input: { id: string; planKey: PaidPlanKey; seats: number }): Promise<void> {
  const now = new Date();
  const subscription = Subscription.subscribe(
    {
      id: input.id,
      teamId,
      planKey: input.planKey,
      interval: 'monthly',
      billingMode: 'fixed_rate',
      quantity: input.seats,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      externalId: `sub_${input.id}`,
    },
    now,
  );
  await new PgSubscriptionRepository(app.database.orm).save(teamId, subscription.toRecord());
}
