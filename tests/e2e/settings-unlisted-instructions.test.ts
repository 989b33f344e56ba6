import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgInstructionRepository } from '../../adapters/postgres/pg-instruction-repository';
import en from '../../apps/web/src/locales/en/settings';
import ja from '../../apps/web/src/locales/ja/settings';
import { startBrowserWorld, type BrowserWorld } from '../integration/settings/support/browser-world';
import { ADMIN_A, MEMBER_A, TEAM_A } from '../integration/settings/support/slack-world';
import { seriousViolations } from '../support/axe';

/**
 * #old-board was archived after Mo gave it a channel instruction, so Slack lists it no more. Ana,
 * an admin, finds it on the Instructions page as 'C0GONE: (No Name)', with who wrote it when but
 * not its words (the channel may have been private), and deletes it; Mo, a member, sees nothing of it.
 */
const GONE = 'C0GONE';
const SECRET = 'Board only: the merger with Globex closes on Friday';
let world: BrowserWorld;
let repository: PgInstructionRepository;

beforeAll(async () => {
  world = await startBrowserWorld();
  world.slack.addChannel({ id: GONE, teamId: TEAM_A, name: 'old-board', isArchived: true });
  repository = new PgInstructionRepository(world.app.database.orm);
  const at = new Date('2026-11-02T09:30:00Z');
  await repository.save(TEAM_A, { teamId: TEAM_A, level: 'channel', targetId: GONE, name: 'Board rules', text: SECRET, createdBy: MEMBER_A, createdAt: at, updatedBy: MEMBER_A, updatedAt: at });
});
afterAll(async () => {
  await world?.close();
});

describe('A channel instruction whose channel Slack no longer lists', () => {
  it('is nothing a member sees', async () => {
    const mo = await world.signedIn({ teamId: TEAM_A, userId: MEMBER_A });
    const { page, errors } = await world.open(mo, '/settings/instructions');
    const channels = page.locator('section[aria-labelledby="instructions-channel"]');
    await channels.getByRole('combobox', { name: en.instructions.chooseChannel }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toContain(en.instructions.unlisted.title);
    expect(text).not.toContain(GONE);
    expect(text).not.toContain(SECRET);
    expect(errors).toEqual([]);
    await mo.close();
  });

  it('is shown to an admin by its id, without its words, in English and Japanese, and she deletes it', async () => {
    const ana = await world.signedIn({ teamId: TEAM_A, userId: ADMIN_A });
    const { page: jaPage } = await world.open(ana, '/ja/settings/instructions');
    const jaTable = jaPage.getByRole('region', { name: ja.instructions.unlisted.title });
    await expect.poll(() => jaTable.getByRole('rowheader').allInnerTexts()).toEqual(['C0GONE: (名前なし)']);
    expect(await jaPage.getByText(ja.instructions.unlisted.note).count()).toBe(1);
    expect(await jaPage.locator('main').innerText()).not.toContain(SECRET);
    await jaPage.close();

    const { page, errors } = await world.open(ana, '/settings/instructions');
    const section = page.locator('section[aria-labelledby="instructions-channel"]');
    const table = section.getByRole('region', { name: en.instructions.unlisted.title });
    await expect.poll(() => table.getByRole('rowheader').allInnerTexts()).toEqual(['C0GONE: (No Name)']);
    expect(await section.getByRole('heading', { name: en.instructions.unlisted.title }).count()).toBe(1);
    expect(await section.getByText(en.instructions.unlisted.note).count()).toBe(1);
    const row = table.getByRole('row').filter({ hasText: 'C0GONE: (No Name)' });
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 2)).toEqual(['Board rules', 'Mo Member']);
    expect(cells[3]).toBe('Mo Member');
    expect(await page.locator('main').innerText()).not.toContain(SECRET);
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `${en.actions.delete}: C0GONE: (No Name)` }).click();
    const dialog = page.locator('dialog[open]');
    await expect.poll(() => dialog.innerText()).toContain(en.instructions.confirmDelete);
    await dialog.getByRole('button', { name: en.actions.confirm }).click();
    await expect.poll(() => section.getByText(en.instructions.unlisted.title).count()).toBe(0);
    expect(await repository.find(TEAM_A, 'channel', GONE)).toBeNull();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
    await ana.close();
  });
});
