import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../../adapters/crypto';
import { PgOAuthTokenRepository } from '../../adapters/postgres/pg-oauth-token-repository';
import { translate } from '../../apps/shared/messages';
import { ANA, startFakeIntegrations, type FakeIntegrations } from '../fakes/integrations/fake-integrations';
import { startBrowserWorld, type BrowserWorld } from '../integration/settings/support/browser-world';
import { watchPageErrors } from '../support/browser';
import { ADMIN_A, TEAM_A } from '../integration/settings/support/slack-world';

let world: BrowserWorld;
let fake: FakeIntegrations;
/** Another site: served on 127.0.0.1 but opened as `localhost`, a different site from Tomo's 127.0.0.1. */
let elsewhere: Server;

beforeAll(async () => {
  fake = await startFakeIntegrations();
  // Google and GitHub are configured; the other families are not (work in progress).
  world = await startBrowserWorld({ env: fake.env(['google', 'github']) });
  elsewhere = createServer((req, res) => {
    const target = `${world.app.baseUrl}/api/auth/request/github?returnTo=%2Fsettings%2Fintegrations`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Free prize</title><a href="${target}">Claim your prize</a>`);
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
}, 240_000);
afterAll(async () => {
  await new Promise((resolve) => elsewhere?.close(resolve));
  await world?.close();
  await fake?.close();
});

const tokens = () => new PgOAuthTokenRepository(world.app.database.orm, AesGcmSecretBox.fromEnv(world.app.config.ENCRYPTION_KEY!));

describe('The Integrations page in Chromium', () => {
  it('connects Google Docs, shows the account, and disconnects it, in English', async () => {
    fake.oauth.signInAs('google', ANA);
    const context = await world.signedIn({ teamId: TEAM_A, userId: ADMIN_A });
    const { page, errors } = await world.open(context, '/settings/integrations');
    const docs = page.locator('[data-provider="google-docs"]');
    await expect.poll(() => page.locator('[data-provider]').count()).toBe(19);
    await docs.getByRole('link', { name: 'Connect' }).waitFor();
    // Not configured on this server: work in progress, named after its card as Connect is, so a
    // screen reader's list of buttons is not eighteen times the same words.
    const notion = page.locator('[data-provider="notion"]');
    expect(await notion.getByRole('button', { name: `${translate('UI.WORK_IN_PROGRESS', {}, 'en')}: Notion`, exact: true }).isDisabled()).toBe(true);

    await docs.getByRole('link', { name: 'Connect' }).click();
    await page.waitForURL(`${world.app.baseUrl}/settings/integrations`);
    await expect.poll(() => docs.getAttribute('data-state')).toBe('connected');
    expect(await docs.innerText()).toContain('Connected as ana@acme.test');
    expect((await tokens().findLatest(TEAM_A, ADMIN_A, 'google-docs'))?.accessToken).toBeTruthy();

    await docs.getByRole('button', { name: 'Disconnect' }).click();
    await page.waitForURL(`${world.app.baseUrl}/settings/integrations`);
    await expect.poll(() => docs.getAttribute('data-state')).toBe('disconnected');
    await docs.getByRole('link', { name: 'Connect' }).waitFor();
    expect((await tokens().findLatest(TEAM_A, ADMIN_A, 'google-docs'))?.accessToken).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows "reconnect needed" after a refused refresh, and reconnecting fixes it, in Japanese', async () => {
    fake.oauth.signInAs('google', ANA);
    const context = await world.signedIn({ teamId: TEAM_A, userId: ADMIN_A });
    const { page, errors } = await world.open(context, '/ja/settings/integrations');
    const drive = page.locator('[data-provider="google-drive"]');
    await drive.getByRole('link', { name: '接続' }).click();
    await page.waitForURL(`${world.app.baseUrl}/ja/settings/integrations`);
    await expect.poll(() => drive.getAttribute('data-state')).toBe('connected');
    expect(await drive.innerText()).toContain('ana@acme.test として接続中');

    // Google stops accepting the connection: the next refresh is refused.
    const saved = (await tokens().findLatest(TEAM_A, ADMIN_A, 'google-drive'))!;
    await tokens().append(TEAM_A, { ...saved, accessToken: null, refreshToken: null, status: 'reconnect_needed', updatedAt: new Date() });
    await page.reload();
    await expect.poll(() => drive.getAttribute('data-state')).toBe('reconnect_needed');
    expect(await drive.getByRole('alert').innerText()).toBe('再接続が必要です：サービスがこの接続を受け付けなくなりました。');

    await drive.getByRole('link', { name: '再接続' }).click();
    await page.waitForURL(`${world.app.baseUrl}/ja/settings/integrations`);
    await expect.poll(() => drive.getAttribute('data-state')).toBe('connected');
    expect(await page.locator('[data-provider="notion"] button').innerText()).toBe(translate('UI.WORK_IN_PROGRESS', {}, 'ja'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before connecting from a link on another site, and connects with the confirmation page\'s button', async () => {
    fake.oauth.signInAs('github', ANA);
    const context = await world.signedIn({ teamId: TEAM_A, userId: ADMIN_A });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const authorizations = fake.oauth.tokenRequests.length;
    await page.goto(`http://localhost:${(elsewhere.address() as AddressInfo).port}/`);
    await page.getByRole('link', { name: 'Claim your prize' }).click();
    await page.getByRole('heading', { name: 'Connect GitHub to Tomo?' }).waitFor();
    // Nothing started: still on Tomo, no attempt cookie, GitHub not asked, nothing connected.
    expect(new URL(page.url()).origin).toBe(world.app.baseUrl);
    expect((await context.cookies()).some((c) => c.name.startsWith('tomo_connect_'))).toBe(false);
    expect(fake.oauth.tokenRequests.length).toBe(authorizations);
    expect(await page.locator('main').innerText()).toContain('You are signed in to Tomo as Ana Admin in the Acme Slack workspace.');
    expect(await tokens().findLatest(TEAM_A, ADMIN_A, 'github')).toBeNull();

    await page.getByRole('button', { name: 'Connect GitHub' }).click();
    await page.waitForURL(`${world.app.baseUrl}/settings/integrations`);
    const github = page.locator('[data-provider="github"]');
    await expect.poll(() => github.getAttribute('data-state')).toBe('connected');
    expect((await tokens().findLatest(TEAM_A, ADMIN_A, 'github'))?.accessToken).toBeTruthy();
    // No policy stood in the way (a form whose redirect leaves `form-action` is an error in the console).
    expect(errors).toEqual([]);
    await context.close();
  });
});
