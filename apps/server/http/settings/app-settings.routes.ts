import express, { Router, type Request } from 'express';
import { z } from 'zod';
import { DEFAULT_APP_NAME, effectiveCustomization } from '../../../../core/customization/app-customization-rules';
import type { AppCustomizationRecord } from '../../../../core/customization/app-customization';
import { checkIconContent, MAX_ICON_BYTES, validateIconUpload } from '../../../../core/customization/icon-validation';
import { UpdateAppCustomization } from '../../../../core/customization/update-app-customization.use-case';
import { signedIn } from '../session/signed-in';
import { sendDomainError } from '../session/api-errors';
import { unnamedTexts } from '../session/unnamed-texts';
import { failed, iso, nameOf, workspaceChangeRefused, type SettingsDeps } from './settings-deps';
import { parseBody } from './validation';

/** Header carrying the icon's file name (percent-encoded), since the body is the file itself. */
export const FILE_NAME_HEADER = 'x-file-name';

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

const appChange = z.object({
  appName: z.string().max(10_000).nullable().optional(),
  greetingWhenJoiningChannel: z.boolean().optional(),
});

/**
 * App page: custom name (≤ 50 characters, empty reverts to Tomo), icon (the six checks of
 * spec 5 in order, then its bytes: a PNG or JPEG as named, at most 10,000 px a side; stored in
 * the app-icon-images bucket), greeting when joining a channel.
 */
export function appSettingsRoutes(deps: SettingsDeps): Router {
  const router = Router();
  const update = new UpdateAppCustomization({ customizations: deps.customizations, clock: deps.clock });

  // Who saved it, named in the page's language when Slack gives them no name (`unnamedTexts`).
  const view = async (record: AppCustomizationRecord | null, teamId: string, req: Request) => {
    const effective = effectiveCustomization(record);
    const members = record?.updatedBy ? await deps.access.membersOrEmpty(teamId) : [];
    return {
      appName: record?.appName ?? null,
      defaultAppName: DEFAULT_APP_NAME,
      effectiveAppName: effective.appName,
      iconUrl: effective.iconKey ? `/api/settings/app/icon?v=${record?.updatedAt?.getTime() ?? 0}` : null,
      greetingWhenJoiningChannel: effective.greetingWhenJoiningChannel,
      updatedBy: record?.updatedBy ?? null,
      updatedByName: nameOf(members, record?.updatedBy, unnamedTexts(req).noName),
      updatedAt: iso(record?.updatedAt),
    };
  };

  router.get('/api/settings/app', async (req, res) => {
    const { teamId } = signedIn(res);
    res.json(await view(await deps.customizations.find(teamId), teamId, req));
  });

  router.put('/api/settings/app', async (req, res) => {
    if (await workspaceChangeRefused(deps, req, res)) return;
    const body = parseBody(appChange, req, res);
    if (!body) return;
    const { teamId, userId } = signedIn(res);
    const outcome = await update.execute({
      teamId,
      userId,
      change: {
        ...(body.appName !== undefined ? { appName: body.appName } : {}),
        ...(body.greetingWhenJoiningChannel !== undefined ? { greetingWhenJoiningChannel: body.greetingWhenJoiningChannel } : {}),
      },
    });
    if (failed(req, res, outcome)) return;
    res.json(await view(outcome.value, teamId, req));
  });

  router.get('/api/settings/app/icon', async (_req, res) => {
    const { teamId } = signedIn(res);
    const key = (await deps.customizations.find(teamId))?.iconKey;
    const icon = key ? await deps.icons.get(teamId, key) : null;
    if (!icon) {
      res.status(404).end();
      return;
    }
    res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    res.type(icon.contentType).send(Buffer.from(icon.data));
  });

  router.put(
    '/api/settings/app/icon',
    // Refused before the body is read: a guest's upload is not stored even for a moment.
    async (req, res, next) => {
      if (!(await workspaceChangeRefused(deps, req, res, { unreadBody: true }))) next();
    },
    (req, res, next) => {
      // Too large is told before the body is read, with the spec's message and the real size.
      const declared = Number(req.get('content-length'));
      const name = fileName(req.get(FILE_NAME_HEADER));
      if (Number.isFinite(declared) && declared > MAX_ICON_BYTES) {
        const outcome = validateIconUpload({ ...signedIn(res), file: name ? { name, size: declared } : null });
        if (!outcome.ok) {
          res.setHeader('Connection', 'close');
          sendDomainError(req, res, outcome.error);
          return;
        }
      }
      next();
    },
    express.raw({ type: () => true, limit: MAX_ICON_BYTES }),
    async (req, res) => {
      const { teamId, userId } = signedIn(res);
      const data = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const name = fileName(req.get(FILE_NAME_HEADER));
      const checked = validateIconUpload({ teamId, userId, file: name && data.length > 0 ? { name, size: data.length } : null });
      if (failed(req, res, checked)) return;
      // The bytes must be the image the name says: nothing else is stored or served as the icon.
      if (failed(req, res, checkIconContent(checked.value.extension, data))) return;
      const key = `icon-${deps.ids.next()}.${checked.value.extension}`;
      await deps.icons.put(teamId, {
        key,
        contentType: CONTENT_TYPES[checked.value.extension] ?? 'application/octet-stream',
        data: new Uint8Array(data),
        updatedAt: deps.clock.now(),
      });
      const outcome = await update.execute({ teamId, userId, change: { iconKey: key } });
      if (failed(req, res, outcome)) return;
      // The icon this upload replaced, read in the same step as the write: with two uploads at
      // once, each deletes the one it replaced and no stored image is left behind unreferenced.
      const previous = outcome.value.previousIconKey;
      if (previous && previous !== key) await deps.icons.delete(teamId, previous);
      res.json(await view(outcome.value, teamId, req));
    },
  );

  router.delete('/api/settings/app/icon', async (req, res) => {
    if (await workspaceChangeRefused(deps, req, res)) return;
    const { teamId, userId } = signedIn(res);
    const outcome = await update.execute({ teamId, userId, change: { iconKey: null } });
    if (failed(req, res, outcome)) return;
    const previous = outcome.value.previousIconKey;
    if (previous) await deps.icons.delete(teamId, previous);
    res.json(await view(outcome.value, teamId, req));
  });

  return router;
}

function fileName(header: string | undefined): string | null {
  if (!header) return null;
  try {
    const name = decodeURIComponent(header).trim();
    return name === '' || name.length > 255 ? null : name;
  } catch {
    return null;
  }
}
