import { reportMessages, type Project } from '@tokendesk/contract';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ErrorState, LoadingState } from '../../../components/status-message';
import { Alert } from '../../../components/ui/alert';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useSetWeeklyReport, useWeeklyReport } from '../api/weekly-report';

/**
 * The weekly e-mail report's switch (docs/decisions/0040): off until the owner turns it on. It
 * says plainly when the server cannot send e-mail (and cannot be turned on then), and when the
 * owner's address is not verified yet (the report waits for it).
 */
export function WeeklyReportCard({ project }: { project: Project }) {
  const report = useWeeklyReport(project.id);
  const save = useSetWeeklyReport();
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();

  function toggle(enabled: boolean) {
    setError(null);
    save.mutateAsync({ projectId: project.id, enabled }).then(
      () => toast.success(enabled ? 'Weekly report turned on.' : 'Weekly report turned off.'),
      (failure: unknown) => setError(serverMessage(failure) ?? 'Failed to change the weekly report. Please try again.'),
    );
  }

  return (
    <Card aria-labelledby="weekly-report-title">
      <CardHeader
        titleId="weekly-report-title"
        icon={<Mail className="h-5 w-5" aria-hidden="true" />}
        title="Weekly report"
        description={`An e-mail every Monday about ${project.token_symbol}: price and its 7-day change, liquidity, volume, holders and the alerts that fired, each figure with its block.`}
      />
      {report.isPending ? (
        <LoadingState>Loading the weekly report setting...</LoadingState>
      ) : report.isError && !report.data ? (
        <ErrorState
          message="Failed to load the weekly report setting. Please try again."
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : (
        <CardBody className="flex flex-col gap-3">
          {(() => {
            const data = report.data;
            // Off and unsendable: nothing to turn on. On (set before SMTP went away): it can still be turned off.
            const locked = !data.email_configured && !data.enabled;
            const pending = save.isPending;
            return (
              <>
                <div className="flex items-center justify-between gap-4">
                  <div className="min-w-0 flex-1">
                    <p id={labelId} className="text-sm font-medium text-slate-900">
                      Send me a weekly report
                    </p>
                    <p id={hintId} className="text-sm text-slate-500">
                      {data.enabled
                        ? data.next_report_at
                          ? `Next report: ${formatDateTime(data.next_report_at)}.`
                          : 'On.'
                        : 'Off. Nothing is sent.'}{' '}
                      {data.last_sent_at
                        ? `Last sent ${formatDateTime(data.last_sent_at)}.`
                        : data.enabled
                          ? 'No report sent yet.'
                          : ''}
                    </p>
                  </div>
                  <button
                    type="button"
                    role="switch"
                    aria-checked={data.enabled}
                    aria-labelledby={labelId}
                    aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                    aria-busy={pending || undefined}
                    disabled={locked || pending}
                    onClick={() => toggle(!data.enabled)}
                    className={cn(
                      'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
                      data.enabled ? 'bg-indigo-600' : 'bg-slate-300',
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
                        data.enabled ? 'translate-x-5' : 'translate-x-0.5',
                      )}
                    />
                  </button>
                </div>
                {pending && (
                  <p className="text-sm text-slate-500" role="status">
                    Saving...
                  </p>
                )}
                {!data.email_configured && <Alert tone="info">{reportMessages.emailNotConfigured}</Alert>}
                {data.email_configured && data.enabled && !data.email_verified && (
                  <Alert tone="info">{reportMessages.unverified}</Alert>
                )}
                {error && (
                  <Alert tone="error" id={errorId}>
                    {error}
                  </Alert>
                )}
              </>
            );
          })()}
        </CardBody>
      )}
    </Card>
  );
}
