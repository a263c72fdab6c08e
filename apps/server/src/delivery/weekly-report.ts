import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { emailConfigured, enqueueEmail } from '../domain/outbox';
import { composeWeeklyReport } from './weekly-report-email';
import { collectWeeklyFigures, type ProjectPoolsSource } from './weekly-report-figures';

/*
 * The weekly e-mail report of a project (docs/decisions/0040). Opt-in per project; sent once per
 * ISO week, from Monday 08:00 UTC, to an owner whose address is verified. Every server runs the
 * hourly check; the week is claimed by a conditional UPDATE in the transaction that writes the
 * outbox row, so with several servers on one database exactly one of them enqueues it (the other's
 * UPDATE waits for the first to commit, then finds the week taken). The figures are read before
 * that transaction: it holds no lock while the chain is read.
 */

const HOUR_MS = 60 * 60 * 1000;
/** Reports go out from this hour (UTC) on Monday: a week's figures complete, read before the working day. */
export const REPORT_HOUR_UTC = 8;

/** ISO 8601 week of a time, 'YYYY-Www', and the Monday 00:00 UTC it starts at. */
export function isoWeek(at: Date): { label: string; start: Date } {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const start = new Date(day.getTime() - weekday * 24 * HOUR_MS);
  // The week belongs to the year its Thursday falls in.
  const thursday = new Date(start.getTime() + 3 * 24 * HOUR_MS);
  const year = thursday.getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const firstMonday = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 24 * HOUR_MS);
  const week = Math.round((start.getTime() - firstMonday.getTime()) / (7 * 24 * HOUR_MS)) + 1;
  return { label: `${year}-W${String(week).padStart(2, '0')}`, start };
}

/** When the week's report may go out: its Monday at REPORT_HOUR_UTC. */
export const weekDueAt = (start: Date) => new Date(start.getTime() + REPORT_HOUR_UTC * HOUR_MS);

/**
 * The earliest time the next report goes out, for the settings answer: this week's due time (or the
 * next hourly check once it has passed) when this week has had none, else next Monday's.
 */
export function nextReportAt(now: Date, lastWeek: string | null): Date {
  const week = isoWeek(now);
  const due = weekDueAt(week.start);
  if (lastWeek !== week.label) return due > now ? due : new Date(Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS);
  return weekDueAt(new Date(week.start.getTime() + 7 * 24 * HOUR_MS));
}

export interface WeeklyReportDeps {
  db: Db;
  config: Pick<Config, 'SMTP_URL' | 'PUBLIC_URL'>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** The pools feature's live pool answers of a project (main.ts wires features/pools/valued-pools). */
  projectPools: ProjectPoolsSource;
}

export interface WeeklyRunResult {
  week: string;
  /** Projects whose report this run enqueued. */
  sent: number[];
  /** Projects whose report could not be written this time (the next hourly check tries again). */
  failed: number[];
}

interface Candidate {
  project_id: number;
  user_id: number;
}

/** Verified: users.email_verified_at (migration 0015), read through to_jsonb like the outbox does. */
const verified = sql`(to_jsonb(u) ->> 'email_verified_at') is not null`;

/** One pass of the weekly report: every opted-in project of a verified owner without this week's report. */
export async function runWeeklyReports(deps: WeeklyReportDeps, now: Date = new Date()): Promise<WeeklyRunResult> {
  const week = isoWeek(now);
  const result: WeeklyRunResult = { week: week.label, sent: [], failed: [] };
  // Without SMTP nothing is enqueued at all (product §0: nothing pretends to send).
  if (!emailConfigured(deps.config) || now < weekDueAt(week.start)) return result;
  const candidates = (
    (await deps.db.execute(sql`
    select r.project_id, p.user_id
    from project_weekly_reports r
    join projects p on p.id = r.project_id
    join users u on u.id = p.user_id
    where r.enabled and r.last_week is distinct from ${week.label} and ${verified}
    order by r.project_id`)) as unknown as { rows: Candidate[] }
  ).rows;

  const publicUrl = deps.config.PUBLIC_URL.replace(/\/+$/, '');
  for (const c of candidates) {
    try {
      const figures = await collectWeeklyFigures(deps.db, deps.projectPools, c.user_id, c.project_id, now);
      if (!figures) continue;
      const content = composeWeeklyReport(figures, { projectUrl: `${publicUrl}/projects/${c.project_id}` });
      const sent = await deps.db.transaction(async (tx) => {
        // The claim: still on, still without this week's report, the owner still verified. The
        // address is read here, in the claiming transaction, so a changed address is honoured.
        const claimed = (
          (await tx.execute(sql`
          update project_weekly_reports r set last_week = ${week.label}, last_sent_at = ${now.toISOString()}::timestamptz, updated_at = now()
          from projects p, users u
          where r.project_id = ${c.project_id} and p.id = r.project_id and u.id = p.user_id
            and r.enabled and r.last_week is distinct from ${week.label} and ${verified}
          returning u.id as user_id, u.email`)) as unknown as { rows: { user_id: number; email: string }[] }
        ).rows[0];
        if (!claimed) return false;
        const messageId = await enqueueEmail(tx, {
          userId: claimed.user_id,
          to: claimed.email,
          category: 'report',
          content,
        });
        await tx.execute(
          sql`update project_weekly_reports set last_message_id = ${messageId}::uuid where project_id = ${c.project_id}`,
        );
        return true;
      });
      if (sent) result.sent.push(c.project_id);
    } catch (err) {
      // One project's failure (a node down, a row gone) does not stop the others; the next check retries it.
      result.failed.push(c.project_id);
      deps.log.error({ err, projectId: c.project_id, week: week.label }, 'weekly report could not be written');
    }
  }
  if (result.sent.length > 0 || result.failed.length > 0)
    deps.log.info({ week: week.label, sent: result.sent.length, failed: result.failed.length }, 'weekly reports');
  return result;
}

/** The hourly timer of main.ts: a check soon after start, then every hour; stop() waits for a running pass. */
export class WeeklyReports {
  private timer: NodeJS.Timeout | null = null;
  private firstTimer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly deps: WeeklyReportDeps,
    private readonly intervalMs = HOUR_MS,
  ) {}

  runWeeklyReports(now: Date = new Date()): Promise<WeeklyRunResult> {
    return runWeeklyReports(this.deps, now);
  }

  start(): void {
    if (this.timer || !emailConfigured(this.deps.config)) return;
    const tick = () => {
      if (this.running) return;
      this.running = this.runWeeklyReports()
        .catch((err: unknown) => this.deps.log.error({ err }, 'weekly report check failed'))
        .finally(() => {
          this.running = null;
        });
    };
    // A minute after start: the server is serving and the indexers have read a tick first.
    this.firstTimer = setTimeout(tick, 60_000);
    this.firstTimer.unref();
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.firstTimer) clearTimeout(this.firstTimer);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.firstTimer = null;
    await this.running;
  }
}
