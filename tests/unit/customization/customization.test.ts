import { describe, expect, it } from 'vitest';
import { effectiveCustomization, validateAppName } from '../../../core/customization/app-customization-rules';
import sharp from 'sharp';
import { checkIconContent, fileExtension, MAX_ICON_BYTES, validateIconUpload } from '../../../core/customization/icon-validation';
import { UpdateAppCustomization } from '../../../core/customization/update-app-customization.use-case';
import { TEAM } from '../support/builders';
import { aWorkspaceFixture } from '../support/workspace-fixture';

describe('app name (spec 5)', () => {
  it('allows at most 50 characters', () => {
    expect(validateAppName('a'.repeat(50))).toEqual({ ok: true, value: 'a'.repeat(50) });
    expect(validateAppName('あ'.repeat(50)).ok).toBe(true);
    expect(validateAppName('a'.repeat(51))).toEqual({ ok: false, error: { code: 'APP_NAME.TOO_LONG', params: { max: 50 } } });
  });

  it('refuses a NUL character or a lone surrogate with the input guard\'s code, emoji allowed', () => {
    expect(validateAppName('Acme\u0000Bot')).toEqual({ ok: false, error: { code: 'INPUT.UNSUPPORTED_CHARACTERS', params: {} } });
    expect(validateAppName('Acme \uD83C')).toEqual({ ok: false, error: { code: 'INPUT.UNSUPPORTED_CHARACTERS', params: {} } });
    expect(validateAppName(' 🎉 Acme ')).toEqual({ ok: true, value: '🎉 Acme' });
  });

  it('empty reverts to the default name', () => {
    expect(validateAppName('  ')).toEqual({ ok: true, value: null });
    expect(validateAppName(null)).toEqual({ ok: true, value: null });
    expect(effectiveCustomization(null)).toEqual({ appName: 'Tomo', iconKey: null, greetingWhenJoiningChannel: true });
  });
});

describe('icon upload checks, in the spec order (spec 5, 8)', () => {
  const good = { teamId: TEAM, userId: 'U1', file: { name: 'logo.PNG', size: 1000 } };

  it('accepts jpg, jpeg and png up to 52,428,800 bytes', () => {
    expect(validateIconUpload(good)).toEqual({ ok: true, value: { extension: 'png' } });
    expect(validateIconUpload({ ...good, file: { name: 'a.jpeg', size: MAX_ICON_BYTES } }).ok).toBe(true);
    expect(validateIconUpload({ ...good, file: { name: 'a.b.jpg', size: 1 } }).ok).toBe(true);
  });

  it('reports the first failing check: team, user, file, extension present, allowed, size', () => {
    const bad = { teamId: '', userId: '', file: { name: 'huge.gif', size: MAX_ICON_BYTES + 1 } };
    expect(validateIconUpload(bad)).toMatchObject({ error: { code: 'AUTH.TEAM_ID_MISSING' } });
    expect(validateIconUpload({ ...bad, teamId: TEAM })).toMatchObject({ error: { code: 'AUTH.USER_ID_MISSING' } });
    expect(validateIconUpload({ ...good, file: null })).toMatchObject({ error: { code: 'ICON.NO_FILE' } });
    expect(validateIconUpload({ ...good, file: { name: 'README', size: 1 } })).toMatchObject({
      error: { code: 'ICON.NO_EXTENSION' },
    });
    expect(validateIconUpload({ ...good, file: { name: 'huge.gif', size: MAX_ICON_BYTES + 1 } })).toEqual({
      ok: false,
      error: { code: 'ICON.EXTENSION_NOT_ALLOWED', params: { ext: 'gif', list: 'jpg, jpeg, png' } },
    });
    expect(validateIconUpload({ ...good, file: { name: 'huge.png', size: MAX_ICON_BYTES + 1 } })).toEqual({
      ok: false,
      error: { code: 'ICON.FILE_TOO_LARGE', params: { n: 52_428_801, limit: 52_428_800 } },
    });
  });

  it('finds no extension in a dot-file or a trailing dot', () => {
    expect(fileExtension('.png')).toBeNull();
    expect(fileExtension('logo.')).toBeNull();
    expect(fileExtension('logo.jpg')).toBe('jpg');
  });
});

describe("the icon's bytes, after its name passed", () => {
  const image = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#09c' } });

  it('reads the size of real PNGs and JPEGs, baseline and progressive, with metadata before the frame', async () => {
    expect(checkIconContent('png', await image().png().toBuffer())).toEqual({ ok: true, value: { width: 640, height: 480 } });
    expect(checkIconContent('jpg', await image().jpeg().toBuffer())).toEqual({ ok: true, value: { width: 640, height: 480 } });
    expect(checkIconContent('JPEG', await image().jpeg({ progressive: true }).toBuffer())).toEqual({ ok: true, value: { width: 640, height: 480 } });
    const withExif = await image().withExif({ IFD0: { Copyright: 'Tomo' } }).jpeg().toBuffer();
    expect(checkIconContent('jpeg', withExif)).toEqual({ ok: true, value: { width: 640, height: 480 } });
  });

  it('refuses what is not the named format, a header cut short, and a side over 10,000 px', async () => {
    const png = await image().png().toBuffer();
    const jpeg = await image().jpeg().toBuffer();
    expect(checkIconContent('png', jpeg)).toEqual({ ok: false, error: { code: 'ICON.NOT_AN_IMAGE', params: { ext: 'png', format: 'PNG' } } });
    expect(checkIconContent('jpg', png)).toEqual({ ok: false, error: { code: 'ICON.NOT_AN_IMAGE', params: { ext: 'jpg', format: 'JPEG' } } });
    expect(checkIconContent('png', png.subarray(0, 23)).ok).toBe(false);
    // SOI and an APP0 segment, the frame cut off: no size to read.
    expect(checkIconContent('jpg', jpeg.subarray(0, 20)).ok).toBe(false);
    expect(checkIconContent('jpg', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08])).ok).toBe(false);
    const wide = Buffer.from(png);
    wide.writeUInt32BE(10_001, 16);
    expect(checkIconContent('png', wide)).toEqual({ ok: false, error: { code: 'ICON.IMAGE_TOO_LARGE', params: { width: 10_001, height: 480, max: 10_000 } } });
    wide.writeUInt32BE(10_000, 16);
    expect(checkIconContent('png', wide).ok).toBe(true);
    wide.writeUInt32BE(0, 20);
    expect(checkIconContent('png', wide).ok).toBe(false);
  });
});

describe('updating the App page (spec 2)', () => {
  it('saves name, icon and greeting; clearing the name or removing the icon reverts to Tomo’s', async () => {
    const w = aWorkspaceFixture();
    const update = new UpdateAppCustomization(w);
    const first = await update.execute({ teamId: TEAM, userId: 'U1', change: { appName: 'Kumo', iconKey: 'T0001/icon.png' } });
    expect(first.ok && first.value).toMatchObject({ appName: 'Kumo', iconKey: 'T0001/icon.png', greetingWhenJoiningChannel: true });

    await update.execute({ teamId: TEAM, userId: 'U2', change: { greetingWhenJoiningChannel: false } });
    expect(await w.customizations.find(TEAM)).toMatchObject({ appName: 'Kumo', greetingWhenJoiningChannel: false, updatedBy: 'U2' });

    await update.execute({ teamId: TEAM, userId: 'U1', change: { appName: '', iconKey: null } });
    expect(effectiveCustomization(await w.customizations.find(TEAM))).toEqual({
      appName: 'Tomo',
      iconKey: null,
      greetingWhenJoiningChannel: false,
    });
  });

  it('turning the greeting off first leaves the default name and icon', async () => {
    const w = aWorkspaceFixture();
    const result = await new UpdateAppCustomization(w).execute({
      teamId: TEAM,
      userId: 'U1',
      change: { greetingWhenJoiningChannel: false },
    });
    expect(result.ok && result.value).toMatchObject({ appName: null, iconKey: null, greetingWhenJoiningChannel: false });
  });

  it('refuses a long name and a missing sign-in', async () => {
    const update = new UpdateAppCustomization(aWorkspaceFixture());
    expect(await update.execute({ teamId: TEAM, userId: 'U1', change: { appName: 'x'.repeat(51) } })).toMatchObject({
      error: { code: 'APP_NAME.TOO_LONG' },
    });
    expect(await update.execute({ teamId: null, userId: 'U1', change: {} })).toMatchObject({ error: { code: 'AUTH.TEAM_ID_MISSING' } });
    expect(await update.execute({ teamId: TEAM, userId: undefined, change: {} })).toMatchObject({
      error: { code: 'AUTH.USER_ID_MISSING' },
    });
  });
});
