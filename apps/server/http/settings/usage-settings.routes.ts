import { Router } from 'express';
import { z } from 'zod';
import { GetUsageReport } from '../../../../core/usage/get-usage-report.use-case';
import { USAGE_PERIODS } from '../../../../core/usage/usage-report';
import { translate } from '../../../shared/messages';
import { sendDomainError } from '../session/api-errors';
import { requestLocale } from '../session/request-locale';
import { unnamedTexts } from '../session/unnamed-texts';
import { membersUnavailable, whoIsAsking, type SettingsDeps } from './settings-deps';
import { parseQuery } from './validation';

const usageQuery = z.object({ period: z.enum(USAGE_PERIODS).default('all_time') });

/** Usage page (Primary Owner, Owner or Admin only): ranking and summary for a period. */
export function usageSettingsRoutes(deps: SettingsDeps): Router {
  const router = Router();
  const report = new GetUsageReport({ usage: deps.usage, clock: deps.clock });

  router.get('/api/settings/usage', async (req, res) => {
    const query = parseQuery(usageQuery, req, res);
    if (!query) return;
    const { user, members, membersFailed, actor } = await whoIsAsking(deps, res);
    if (membersUnavailable(req, res, membersFailed)) return;
    const outcome = await report.execute({ teamId: user.teamId, actor, period: query.period, members, noName: unnamedTexts(req).noName });
    if (outcome.ok) {
      res.json({ period: query.period, noData: false, ...outcome.value });
      return;
    }
    if (outcome.error.code === 'USAGE.NO_DATA') {
      res.json({
        period: query.period,
        noData: true,
        message: translate('USAGE.NO_DATA', {}, requestLocale(req)),
        ranking: [],
        summary: { totalUsers: 0, totalUsage: 0, averageUsage: 0 },
      });
      return;
    }
    sendDomainError(req, res, outcome.error);
  });

  return router;
}
