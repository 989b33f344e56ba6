import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { PRESET_REACTIONS } from '../../../../core/reactions/preset-reactions';
import type { CustomReactionRecord } from '../../../../core/reactions/reaction';
import type { NoNameText } from '../../../../core/workspace/member';
import { DeleteCustomReaction, SaveCustomReaction } from '../../../../core/reactions/save-custom-reaction.use-case';
import { signedIn } from '../session/signed-in';
import { unnamedTexts } from '../session/unnamed-texts';
import { failed, iso, nameOf, workspaceChangeRefused, type SettingsDeps } from './settings-deps';
import { parseBody } from './validation';

const reactionDraft = z.object({
  name: z.string({ error: 'REACTION.NAME_REQUIRED' }).max(100, { error: 'REACTION.NAME_TOO_LONG' }),
  prompt: z.string({ error: 'REACTION.PROMPT_REQUIRED' }).max(10_000, { error: 'REACTION.PROMPT_TOO_LONG' }),
  category: z.enum(['explanation', 'translation', 'custom']).optional(),
});

/** Reactions page: preset reactions (read-only) and the workspace's custom ones. */
export function reactionSettingsRoutes(deps: SettingsDeps): Router {
  const router = Router();
  const save = new SaveCustomReaction({ reactions: deps.reactions, clock: deps.clock, ids: deps.ids });
  const remove = new DeleteCustomReaction({ reactions: deps.reactions });

  // Who saved it, named in the page's language when Slack gives them no name (`unnamedTexts`).
  const view = (record: CustomReactionRecord, members: Parameters<typeof nameOf>[0], noName: NoNameText) => ({
    id: record.id,
    name: record.name,
    prompt: record.prompt,
    category: record.category,
    updatedBy: record.updatedBy,
    updatedByName: nameOf(members, record.updatedBy, noName),
    updatedAt: iso(record.updatedAt),
  });

  router.get('/api/settings/reactions', async (req, res) => {
    const { teamId } = signedIn(res);
    const custom = await deps.reactions.list(teamId);
    const members = custom.length > 0 ? await deps.access.membersOrEmpty(teamId) : [];
    const { noName } = unnamedTexts(req);
    res.json({
      // What each preset does (and the translation's language code), for the page to say in its language.
      preset: PRESET_REACTIONS.map((r) => ({
        name: r.name,
        prompt: r.prompt,
        category: r.category,
        does: r.does,
        ...(r.language ? { language: r.language } : {}),
      })),
      custom: custom.map((r) => view(r, members, noName)),
    });
  });

  const write = async (id: string | undefined, req: Request, res: Response) => {
    if (await workspaceChangeRefused(deps, req, res)) return;
    const body = parseBody(reactionDraft, req, res);
    if (!body) return;
    const { teamId, userId } = signedIn(res);
    const outcome = await save.execute({
      teamId,
      userId,
      draft: { ...(id ? { id } : {}), name: body.name, prompt: body.prompt, ...(body.category ? { category: body.category } : {}) },
    });
    if (failed(req, res, outcome)) return;
    // Named as the list names them (not by user ID); the members come from the same cached listing.
    res.status(id ? 200 : 201).json(view(outcome.value, await deps.access.membersOrEmpty(teamId), unnamedTexts(req).noName));
  };

  router.post('/api/settings/reactions', (req, res) => write(undefined, req, res));
  router.put('/api/settings/reactions/:id', (req, res) => write(String(req.params.id), req, res));

  router.delete('/api/settings/reactions/:id', async (req, res) => {
    if (await workspaceChangeRefused(deps, req, res)) return;
    const outcome = await remove.execute({ teamId: signedIn(res).teamId, id: String(req.params.id) });
    if (failed(req, res, outcome)) return;
    res.status(204).end();
  });

  return router;
}
