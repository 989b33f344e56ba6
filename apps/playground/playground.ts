import { randomBytes } from 'node:crypto';
import type { Logger } from '../../adapters/logging/logger';
import type { Database } from '../../adapters/postgres/database';
import { createPgRepositories } from '../../adapters/postgres/pg-repositories';
import { startFakeSlack, type FakeSlack } from '../../adapters/slack-emulator/fake-slack';
import { signSlackRequest } from '../../adapters/slack/verify-slack-signature';
import { SystemClock } from '../../adapters/system/system-clock';
import { InstallWorkspace } from '../../core/workspace/install-workspace.use-case';
import type { ServerConfig } from '../server/config';
import { exchangeInstallCode } from '../server/http/slack/slack-oauth-exchange';
import { secretBoxFromConfig } from '../shared/secret-box';
import { seedDemoWorkspace, type DemoWorkspace } from './demo-workspace';
import { modelStatus, type ModelStatus } from './playground-mode';

/** Where the playground's browser-facing "Sign in with Slack" page is proxied. */
export const PLAYGROUND_AUTHORIZE_PATH = '/playground/slack/openid/connect/authorize';

export interface Playground {
  slack: FakeSlack;
  workspace: DemoWorkspace;
  model: ModelStatus;
  /** The Slack settings that point Tomo at the emulator: merged into the environment before config is read. */
  env: Record<string, string>;
  /** Tomo's own address for events (set once the server listens). */
  setTomoUrl(url: string): void;
  /** Installs Tomo into the demo workspace (OAuth v2 against the emulator), as "Add to Slack" would. */
  install(config: ServerConfig, database: Database): Promise<void>;
  /** Delivers an Events API payload to Tomo, signed as Slack signs it. */
  deliverEvent(event: Record<string, unknown>): Promise<void>;
  /** Delivers an interaction payload (form field `payload`), signed. */
  deliverInteraction(payload: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

/**
 * The playground: Tomo's Slack emulator (adapters/slack-emulator) on 127.0.0.1 with a demo
 * workspace, and the settings that make Tomo talk to it instead of Slack. `npm start` uses it
 * only when no Slack app is configured and NODE_ENV is not production (playground-mode.ts).
 */
export async function startPlayground(options: {
  publicUrl: string;
  env: Record<string, string | undefined>;
  logger: Logger;
}): Promise<Playground> {
  const clientId = 'playground.tomo';
  const clientSecret = randomBytes(16).toString('hex');
  const signingSecret = randomBytes(16).toString('hex');
  const slack = await startFakeSlack({
    clientId,
    clientSecret,
    oidcAuthorizeUrl: new URL(PLAYGROUND_AUTHORIZE_PATH, options.publicUrl).href,
  });
  const workspace = seedDemoWorkspace(slack);
  // "Sign in with Slack" signs in as the demo admin, the person the visitor plays.
  slack.oidc.signInAs({ teamId: workspace.teamId, userId: workspace.me });
  slack.installAs({ teamId: workspace.teamId, userId: workspace.me });
  let tomoUrl = options.publicUrl;

  const post = async (path: string, body: string, contentType: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await fetch(new URL(path, tomoUrl), {
      method: 'POST',
      headers: {
        'content-type': contentType,
        'x-slack-request-timestamp': timestamp,
        'x-slack-signature': signSlackRequest(signingSecret, timestamp, body),
      },
      body,
    });
    if (!response.ok) options.logger.warn({ path, status: response.status }, 'playground: Tomo refused a delivery');
  };
  const team = slack.state.teams.get(workspace.teamId)!;

  return {
    slack,
    workspace,
    model: modelStatus(options.env),
    env: {
      SLACK_CLIENT_ID: clientId,
      SLACK_CLIENT_SECRET: clientSecret,
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_API_URL: slack.url,
      SLACK_OIDC_ISSUER: slack.origin,
    },
    setTomoUrl(url) {
      tomoUrl = url;
    },
    async install(config, database) {
      const redirectUri = `${config.PUBLIC_URL}/slack/oauth_redirect`;
      const code = slack.issueInstallCode({ teamId: workspace.teamId, userId: workspace.me, redirectUri });
      const input = await exchangeInstallCode({ clientId, clientSecret, slackApiUrl: slack.url }, code, redirectUri);
      const repositories = createPgRepositories(database.orm, secretBoxFromConfig(config));
      await new InstallWorkspace({
        installations: repositories.installations,
        subscriptions: repositories.subscriptions,
        clock: new SystemClock(),
      }).execute(input);
      options.logger.info({ teamId: workspace.teamId }, 'playground: Tomo is installed in the demo workspace');
    },
    async deliverEvent(event) {
      const body = JSON.stringify({
        token: 'playground',
        team_id: team.id,
        api_app_id: team.appId,
        event,
        type: 'event_callback',
        event_id: `Ev${randomBytes(6).toString('hex').toUpperCase()}`,
        event_time: Math.floor(Date.now() / 1000),
        authorizations: [{ enterprise_id: null, team_id: team.id, user_id: team.botUserId, is_bot: true, is_enterprise_install: false }],
      });
      await post('/slack/events', body, 'application/json');
    },
    async deliverInteraction(payload) {
      await post('/slack/interactions', new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), 'application/x-www-form-urlencoded');
    },
    close: () => slack.close(),
  };
}
