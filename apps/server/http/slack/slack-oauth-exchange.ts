import { createSlackCaller } from '../../../../adapters/slack/slack-api-caller';
import type { InstallInput } from '../../../../core/workspace/installation';

export interface SlackOAuthSettings {
  clientId: string;
  clientSecret: string;
  /** `SLACK_API_URL`, e.g. `https://slack.com/api/` or a fake's `http://127.0.0.1:PORT/api/`. */
  slackApiUrl: string;
}

/** Why an install could not be completed; shown to the installer as a short page. */
export class SlackInstallError extends Error {
  override readonly name = 'SlackInstallError';

  constructor(readonly reason: 'enterprise_install' | 'no_bot_token' | 'no_bot_id') {
    super(reason);
  }
}

interface OAuthV2Access {
  token_type?: string;
  access_token?: string;
  bot_user_id?: string;
  team?: { id?: string; name?: string } | null;
  authed_user?: { id?: string };
  is_enterprise_install?: boolean;
}

/** Slack's authorize page lives beside the Web API: `https://slack.com/api/` → `https://slack.com/oauth/v2/authorize`. */
export function authorizeUrl(settings: SlackOAuthSettings, params: { scopes: readonly string[]; redirectUri: string; state: string }): URL {
  const url = new URL('../oauth/v2/authorize', settings.slackApiUrl);
  url.search = new URLSearchParams({
    client_id: settings.clientId,
    scope: params.scopes.join(','),
    redirect_uri: params.redirectUri,
    state: params.state,
  }).toString();
  return url;
}

/**
 * The code from Slack's redirect → the installation: `oauth.v2.access` for the bot token,
 * then `auth.test` with it for the bot id (B…), which Tomo needs to recognise its own messages.
 */
export async function exchangeInstallCode(
  settings: SlackOAuthSettings,
  code: string,
  redirectUri: string,
): Promise<InstallInput> {
  const anonymous = createSlackCaller('', { slackApiUrl: settings.slackApiUrl });
  const granted = (await anonymous('oauth.v2.access', {
    client_id: settings.clientId,
    client_secret: settings.clientSecret,
    code,
    redirect_uri: redirectUri,
  })) as OAuthV2Access;
  if (granted.is_enterprise_install) throw new SlackInstallError('enterprise_install');
  const teamId = granted.team?.id;
  const botToken = granted.access_token;
  if (granted.token_type !== 'bot' || !botToken || !granted.bot_user_id || !teamId) throw new SlackInstallError('no_bot_token');

  const whoAmI = (await createSlackCaller(botToken, { slackApiUrl: settings.slackApiUrl })('auth.test', {})) as { bot_id?: string };
  if (!whoAmI.bot_id) throw new SlackInstallError('no_bot_id');
  return {
    teamId,
    teamName: granted.team?.name ?? teamId,
    botUserId: granted.bot_user_id,
    botId: whoAmI.bot_id,
    botToken,
    installedBy: granted.authed_user?.id ?? '',
  };
}
