import * as oidc from 'openid-client';
import type { Logger } from '../../../../adapters/logging/logger';

export interface SlackOidcSettings {
  /** `SLACK_OIDC_ISSUER`: discovery runs at `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `<PUBLIC_URL>/auth/callback`, registered as a redirect URL of the Slack app. */
  redirectUri: string;
}

/** One sign-in attempt's secrets, kept in a sealed cookie between /auth/signin and /auth/callback. */
export interface SignInTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What the verified ID token says about the person (Slack's claims, spec 3 "Session user"). */
export interface SlackIdentity {
  teamId: string | null;
  userId: string | null;
  teamName: string | null;
  email: string;
  name: string;
  locale: string | null;
}

const SCOPES = 'openid email profile';

/**
 * "Sign in with Slack" through openid-client: endpoints and keys from discovery, the
 * authorization code flow with PKCE (S256), `state` and `nonce`, and an ID token checked
 * for signature (JWKS), issuer, audience, expiry and nonce.
 */
export class SlackOidc {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly settings: SlackOidcSettings,
    private readonly logger: Logger,
  ) {}

  async authorizationUrl(): Promise<{ url: URL; transaction: SignInTransaction }> {
    const config = await this.config();
    const transaction: SignInTransaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: SCOPES,
      response_type: 'code',
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, transaction };
  }

  /** Exchanges the callback's code and verifies the ID token; throws when anything is off. */
  async complete(callbackUrl: URL, transaction: SignInTransaction): Promise<SlackIdentity> {
    const config = await this.config();
    const tokens = await oidc.authorizationCodeGrant(
      config,
      callbackUrl,
      { pkceCodeVerifier: transaction.codeVerifier, expectedState: transaction.state, expectedNonce: transaction.nonce },
      { redirect_uri: this.settings.redirectUri },
    );
    const claims = tokens.claims();
    if (!claims) throw new Error('The token response carried no ID token');
    const text = (name: string): string | null => {
      const value = claims[name];
      return typeof value === 'string' && value !== '' ? value : null;
    };
    return {
      teamId: text('https://slack.com/team_id'),
      userId: text('https://slack.com/user_id') ?? text('sub'),
      teamName: text('https://slack.com/team_name'),
      email: text('email') ?? '',
      name: text('name') ?? text('given_name') ?? '',
      locale: text('locale'),
    };
  }

  /** Discovery happens once, on first use; a failed discovery is retried on the next sign-in. */
  private config(): Promise<oidc.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }

  private async discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.settings.issuer);
    const local = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    const config = await oidc.discovery(
      issuer,
      this.settings.clientId,
      this.settings.clientSecret,
      oidc.ClientSecretPost(this.settings.clientSecret),
      // Plain http only for an issuer on this machine (the Slack fake in tests and local runs).
      local ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    this.logger.info({ issuer: issuer.origin }, 'OIDC discovery done');
    return config;
  }
}
