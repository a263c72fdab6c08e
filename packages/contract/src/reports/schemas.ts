import { z } from 'zod';

/** The weekly e-mail report of a project (docs/decisions/0040): the texts the screen and the server share. */
export const reportMessages = {
  emailNotConfigured: 'E-mail is not configured on this server.',
  enabledRequired: 'Please choose whether the weekly report is on or off.',
  unverified: 'Your e-mail address is not verified yet: the report is sent once it is.',
} as const;

export const weeklyReportSchema = z
  .object({
    project_id: z.number().int(),
    enabled: z.boolean().describe('The owner turned the weekly report on (off by default).'),
    email_configured: z
      .boolean()
      .describe('False when the server has no SMTP_URL: nothing is sent and the report cannot be turned on.'),
    email_verified: z.boolean().describe("The owner's address is verified: reports go only to verified addresses."),
    last_week: z
      .string()
      .nullable()
      .describe("ISO week of the last report sent, e.g. '2026-W48'; null before the first."),
    last_sent_at: z.string().nullable().describe('When the last report was handed to the outbox (ISO 8601).'),
    next_report_at: z
      .string()
      .nullable()
      .describe(
        'The earliest time the next report goes out (ISO 8601): Monday 08:00 UTC, or the next hourly check when this week has had none; null when off.',
      ),
  })
  .meta({ id: 'WeeklyReport' });
export type WeeklyReport = z.infer<typeof weeklyReportSchema>;

export const weeklyReportBodySchema = z
  .strictObject({ enabled: z.boolean({ error: reportMessages.enabledRequired }) })
  .meta({ id: 'WeeklyReportBody' });
export type WeeklyReportBody = z.input<typeof weeklyReportBodySchema>;
