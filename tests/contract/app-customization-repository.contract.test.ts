import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryAppCustomizationRepository } from '../../adapters/memory/in-memory-app-customization-repository';
import { PgAppCustomizationRepository } from '../../adapters/postgres/pg-app-customization-repository';
import type { AppCustomizationRepository } from '../../core/customization/app-customization-repository.port';
import { implementations } from './support/implementations';
import { anAppCustomization, at, TEAM_A, TEAM_B } from './support/records';

describe.each(
  implementations<AppCustomizationRepository>({
    memory: () => new InMemoryAppCustomizationRepository(),
    postgres: (orm) => new PgAppCustomizationRepository(orm),
  }),
)('AppCustomizationRepository ($name)', ({ create }) => {
  let customizations: AppCustomizationRepository;
  beforeEach(async () => {
    customizations = await create();
  });

  it('has nothing for a workspace that never customised Tomo', async () => {
    expect(await customizations.find(TEAM_A)).toBeNull();
  });

  it('stores name, icon and greeting, and reverting to defaults stores nulls', async () => {
    await customizations.save(TEAM_A, anAppCustomization());
    expect(await customizations.find(TEAM_A)).toEqual(anAppCustomization());
    const reverted = anAppCustomization({ appName: null, iconKey: null, greetingWhenJoiningChannel: true, updatedAt: at(9) });
    await customizations.save(TEAM_A, reverted);
    expect(await customizations.find(TEAM_A)).toEqual(reverted);
  });

  it('keeps teams apart: team B neither reads nor overwrites team A', async () => {
    await customizations.save(TEAM_A, anAppCustomization());
    expect(await customizations.find(TEAM_B)).toBeNull();
    await expect(customizations.save(TEAM_B, anAppCustomization({ appName: 'Evil' }))).rejects.toThrow(/team/);
    expect(await customizations.find(TEAM_A)).toEqual(anAppCustomization());
  });

  it('updates from the saved record in one step and answers the one it replaced', async () => {
    const first = await customizations.update(TEAM_A, (current) => {
      expect(current).toBeNull();
      return anAppCustomization({ iconKey: 'icon-1.png' });
    });
    expect(first).toEqual({ previous: null, saved: anAppCustomization({ iconKey: 'icon-1.png' }) });
    const second = await customizations.update(TEAM_A, (current) => ({ ...current!, iconKey: 'icon-2.png', updatedAt: at(9) }));
    expect(second.previous).toEqual(anAppCustomization({ iconKey: 'icon-1.png' }));
    expect(await customizations.find(TEAM_A)).toEqual(anAppCustomization({ iconKey: 'icon-2.png', updatedAt: at(9) }));
    await expect(customizations.update(TEAM_B, () => anAppCustomization({ appName: 'Evil' }))).rejects.toThrow(/team/);
    expect(await customizations.find(TEAM_A)).toEqual(anAppCustomization({ iconKey: 'icon-2.png', updatedAt: at(9) }));
  });
});
