import { api, projectMessages, reportMessages as m, type WeeklyReport } from '@tokendesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceData } from '../../plugins/workspace-access';
import type { Db } from '../../db/client';
import { projects, projectWeeklyReports } from '../../db/schema';
import { nextReportAt } from '../../delivery/weekly-report';
import { emailConfigured } from '../../domain/outbox';
import { conflict, notFound } from '../../lib/http-errors';
import { route } from '../../plugins/endpoint-routes';

/*
 * The weekly e-mail report's switch on the project screen (docs/decisions/0040): off by default,
 * turned on by the project's owner. Another user's project answers 404 like a missing one.
 */

interface SettingRow {
  enabled: boolean | null;
  last_week: string | null;
  last_sent_ms: number | null;
  verified: boolean;
}

/** The owner's project with its setting (absent row: off) and whether the owner's address is verified; null when not theirs. */
async function readSetting(db: Db, userId: number, projectId: number): Promise<SettingRow | null> {
  const result = (await db.execute(sql`
    select r.enabled, r.last_week, (extract(epoch from r.last_sent_at) * 1000)::float8 as last_sent_ms,
      ((to_jsonb(u) ->> 'email_verified_at') is not null) as verified
    from projects p
    join users u on u.id = p.user_id
    left join project_weekly_reports r on r.project_id = p.id
    where p.id = ${projectId} and p.user_id = ${userId}`)) as unknown as { rows: SettingRow[] };
  return result.rows[0] ?? null;
}

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const configured = emailConfigured(app.config);

  const answer = (projectId: number, row: SettingRow): WeeklyReport => {
    const enabled = row.enabled === true;
    return {
      project_id: projectId,
      enabled,
      email_configured: configured,
      email_verified: row.verified === true,
      last_week: row.last_week,
      last_sent_at: row.last_sent_ms === null ? null : new Date(Number(row.last_sent_ms)).toISOString(),
      next_report_at: enabled && configured ? nextReportAt(new Date(), row.last_week).toISOString() : null,
    };
  };

  route(app, api.reports.get, async (request) => {
    const row = await readSetting(app.db, workspaceData(request).user.id, request.params.id);
    if (!row) throw notFound(projectMessages.projectNotFound);
    return answer(request.params.id, row);
  });

  route(app, api.reports.update, async (request) => {
    const userId = workspaceData(request).user.id;
    const projectId = request.params.id;
    const { enabled } = request.body;
    // Checked before anything is written: a foreign id changes nothing and answers like a missing one.
    const [owned] = await app.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
      .limit(1);
    if (!owned) throw notFound(projectMessages.projectNotFound);
    if (enabled && !configured) throw conflict('enabled', m.emailNotConfigured);
    await app.db
      .insert(projectWeeklyReports)
      .values({ projectId, enabled, updatedAt: new Date() })
      .onConflictDoUpdate({ target: projectWeeklyReports.projectId, set: { enabled, updatedAt: new Date() } });
    const row = await readSetting(app.db, userId, projectId);
    if (!row) throw notFound(projectMessages.projectNotFound);
    return answer(projectId, row);
  });
};
