import type { Alert } from '@tokendesk/contract';
import { Pause, Play } from 'lucide-react';
import { toast } from 'sonner';
import { Button, type ButtonSize } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { usePauseAlert } from '../api/pause-alert';
import { useResumeAlert } from '../api/resume-alert';

/** 'Pause' for an active alert, 'Resume' for a paused one. */
export function AlertToggleButton({ alert, label, size = 'sm' }: { alert: Alert; label: string; size?: ButtonSize }) {
  const pause = usePauseAlert();
  const resume = useResumeAlert();
  const pending = pause.isPending || resume.isPending;
  const onError = (failure: unknown) => toast.error(serverMessage(failure) ?? 'Failed to update alert. Please try again.');

  return alert.is_active ? (
    <Button
      variant="outline"
      size={size}
      disabled={pending}
      aria-label={`Pause alert ${label}`}
      onClick={(event) => {
        event.stopPropagation();
        pause.mutate(alert.id, { onError });
      }}
    >
      <Pause className="h-4 w-4" aria-hidden="true" />
      Pause
    </Button>
  ) : (
    <Button
      variant="outline"
      size={size}
      disabled={pending}
      aria-label={`Resume alert ${label}`}
      onClick={(event) => {
        event.stopPropagation();
        resume.mutate(alert.id, { onError });
      }}
    >
      <Play className="h-4 w-4" aria-hidden="true" />
      Resume
    </Button>
  );
}
