import { Router } from 'express';
import { z } from 'zod';
import { Subscription } from '../../../../core/billing/subscription';
import { AssignSeat } from '../../../../core/seats/assign-seat.use-case';
import { GetMembersPage } from '../../../../core/seats/get-members-page.use-case';
import { UnassignSeat } from '../../../../core/seats/unassign-seat.use-case';
import { sendDomainError, sendHttpError } from '../session/api-errors';
import { unnamedTexts } from '../session/unnamed-texts';
import { subscriptionView } from '../slack-api/views';
import { failed, iso, membersUnavailable, nameOf, whoIsAsking, type SettingsDeps } from './settings-deps';
import { parseBody, parseQuery } from './validation';

const membersQuery = z.object({
  subscriptionId: z.string().max(64).optional(),
  q: z.string().max(200).optional(),
});
const seatChange = z.object({ subscriptionId: z.string().max(64).nullable() });
const seatQuery = z.object({ subscriptionId: z.string().max(64).optional() });

/**
 * Members page (Primary Owner, Owner or Admin only): the members and bots with their
 * seats on the selected subscription, the assignment summary, and the assign toggle.
 */
export function memberSettingsRoutes(deps: SettingsDeps): Router {
  const router = Router();
  const page = new GetMembersPage({ subscriptions: deps.subscriptions, seats: deps.seats, clock: deps.clock });
  const assign = new AssignSeat({ subscriptions: deps.subscriptions, seats: deps.seats, clock: deps.clock });
  const unassign = new UnassignSeat({ seats: deps.seats });

  router.get('/api/settings/members', async (req, res) => {
    const query = parseQuery(membersQuery, req, res);
    if (!query) return;
    const { user, members, membersFailed, actor } = await whoIsAsking(deps, res);
    if (membersUnavailable(req, res, membersFailed)) return;
    if (!actor.isAdmin) {
      sendDomainError(req, res, { code: 'PERMISSION.MEMBERS_PAGE' });
      return;
    }
    const now = deps.clock.now();
    const assignable = (await deps.subscriptions.listByTeam(user.teamId)).filter(
      (s) => s.kind === 'paid' && Subscription.fromRecord(s).isUsableAt(now),
    );
    // With a single paid subscription there is nothing to choose: it is selected.
    const selected = query.subscriptionId ?? (assignable.length === 1 ? assignable[0]!.id : null);
    const installation = await deps.installations.find(user.teamId);
    const { noName } = unnamedTexts(req);
    const outcome = await page.execute({
      teamId: user.teamId,
      actor,
      members,
      tomoBotUserId: installation?.botUserId ?? '',
      selectedSubscriptionId: selected,
      query: query.q ?? '',
      noName,
    });
    if (failed(req, res, outcome)) return;
    res.json({
      subscriptions: assignable.map((s) => subscriptionView(s, now)),
      selectedSubscriptionId: assignable.some((s) => s.id === selected) ? selected : null,
      summary: outcome.value.summary,
      rows: outcome.value.rows.map((row) => ({
        ...row,
        updatedAt: iso(row.updatedAt),
        updatedByName: nameOf(members, row.updatedBy, noName),
      })),
    });
  });

  router.put('/api/settings/members/:memberId/seat', async (req, res) => {
    const body = parseBody(seatChange, req, res);
    if (!body) return;
    const { user, members, membersFailed, actor } = await whoIsAsking(deps, res);
    if (membersUnavailable(req, res, membersFailed)) return;
    if (!actor.isAdmin) {
      sendDomainError(req, res, { code: 'PERMISSION.ADMIN_REQUIRED' });
      return;
    }
    const member = members.find((m) => m.id === req.params.memberId);
    if (!member) {
      sendHttpError(req, res, 404, 'NOT_FOUND');
      return;
    }
    const installation = await deps.installations.find(user.teamId);
    const outcome = await assign.execute({
      teamId: user.teamId,
      actor,
      subscriptionId: body.subscriptionId,
      member,
      tomoBotUserId: installation?.botUserId ?? '',
    });
    if (failed(req, res, outcome)) return;
    res.json({ memberId: member.id, subscriptionId: outcome.value.subscriptionId, assignedAt: iso(outcome.value.assignedAt) });
  });

  router.delete('/api/settings/members/:memberId/seat', async (req, res) => {
    const query = parseQuery(seatQuery, req, res);
    if (!query) return;
    const { user, membersFailed, actor } = await whoIsAsking(deps, res);
    if (membersUnavailable(req, res, membersFailed)) return;
    const outcome = await unassign.execute({
      teamId: user.teamId,
      actor,
      subscriptionId: query.subscriptionId ?? null,
      memberId: String(req.params.memberId),
    });
    if (failed(req, res, outcome)) return;
    res.status(204).end();
  });

  return router;
}
