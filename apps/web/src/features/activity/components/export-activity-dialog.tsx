import { ACTIVITY_EXPORT_MAX_DAYS } from '@tokendesk/contract';
import { differenceInCalendarDays, format, subDays } from 'date-fns';
import { Download } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { describedBy, Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Input } from '../../../components/ui/input';
import { serverMessage } from '../../../lib/api-client';
import { useExportActivity } from '../api/export-activity';
import type { ActivityFilters } from '../api/get-activity';

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A 'yyyy-MM-dd' of the date input as local midnight; null when it is not a real day. */
function localDay(value: string): Date | null {
  const match = DAY_RE.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return format(date, 'yyyy-MM-dd') === value ? date : null;
}

export interface ExportActivityDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: ActivityFilters;
  /** 'DEMO/WETH · Buy', for the dialog to say what is exported. */
  filterSummary: string | null;
}

/** A CSV of the events matching the filters, between two days (default: the last 7 days). */
export function ExportActivityDialog({ open, onOpenChange, filters, filterSummary }: ExportActivityDialogProps) {
  const formId = useId();
  const exportActivity = useExportActivity();
  const pending = exportActivity.isPending;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onDismiss={exportActivity.reset}
      title="Export Activity"
      description={`A CSV file of ${filterSummary ? `the events matching ${filterSummary}` : 'every event of your pools'} in the chosen days.`}
      pending={pending}
      formId={formId}
      submitIcon={<Download className="h-4 w-4" aria-hidden="true" />}
      submitLabel="Download CSV"
      pendingLabel="Exporting..."
    >
      <ExportForm
        formId={formId}
        filters={filters}
        exportActivity={exportActivity}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

interface ExportFormProps {
  formId: string;
  filters: ActivityFilters;
  exportActivity: ReturnType<typeof useExportActivity>;
  onDone: () => void;
}

function ExportForm({ formId, filters, exportActivity, onDone }: ExportFormProps) {
  const today = new Date();
  const [from, setFrom] = useState(() => format(subDays(today, 7), 'yyyy-MM-dd'));
  const [to, setTo] = useState(() => format(today, 'yyyy-MM-dd'));
  const [error, setError] = useState<{ field: 'from' | 'to' | null; message: string } | null>(null);
  const pending = exportActivity.isPending;
  const ids = { from: `${formId}-from`, to: `${formId}-to` };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const start = localDay(from);
    const end = localDay(to);
    if (!start) return setError({ field: 'from', message: 'Please choose the first day.' });
    if (!end) return setError({ field: 'to', message: 'Please choose the last day.' });
    if (end < start) return setError({ field: 'to', message: 'The last day cannot be before the first day.' });
    if (differenceInCalendarDays(end, start) + 1 > ACTIVITY_EXPORT_MAX_DAYS) {
      return setError({ field: 'to', message: `The range can be at most ${ACTIVITY_EXPORT_MAX_DAYS} days.` });
    }
    setError(null);
    // The last day counts in full: the range ends at the next local midnight (exclusive).
    const endExclusive = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1);
    exportActivity.mutate(
      {
        ...filters,
        from: start.toISOString(),
        to: endExclusive.toISOString(),
        fallbackName: `tokendesk-activity-${from}-to-${to}.csv`,
      },
      {
        onSuccess: () => {
          toast.success('The CSV file was downloaded.');
          onDone();
        },
        onError: (failure) =>
          setError({ field: null, message: serverMessage(failure) ?? 'Failed to export activity. Please try again.' }),
      },
    );
  }

  const errorFor = (field: 'from' | 'to') => (error?.field === field ? error.message : null);
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error && !error.field && <Alert tone="error">{error.message}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={ids.from} label="From" error={errorFor('from')}>
          <Input
            id={ids.from}
            type="date"
            value={from}
            max={to || undefined}
            disabled={pending}
            aria-invalid={errorFor('from') ? true : undefined}
            aria-describedby={describedBy(ids.from, { error: !!errorFor('from') })}
            onChange={(e) => setFrom(e.target.value)}
          />
        </Field>
        <Field id={ids.to} label="To" error={errorFor('to')}>
          <Input
            id={ids.to}
            type="date"
            value={to}
            min={from || undefined}
            disabled={pending}
            aria-invalid={errorFor('to') ? true : undefined}
            aria-describedby={describedBy(ids.to, { error: !!errorFor('to') })}
            onChange={(e) => setTo(e.target.value)}
          />
        </Field>
      </div>
      <p className="text-xs text-slate-500">Both days are included, in your local time.</p>
    </form>
  );
}
