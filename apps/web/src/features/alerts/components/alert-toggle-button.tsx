import type { Alert } from '@tokendesk/contract';
import { Pause, Play } from 'lucide-react';
import { toast } from 'sonner';
import { Button, type ButtonSize } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { useSetAlertActive } from '../api/set-alert-active';

/** 'Pause' for an active alert, 'Resume' for a paused one. */
export function AlertToggleButton({ alert, label, size = 'sm' }: { alert: Alert; label: string; size?: ButtonSize }) {
  const setActive = useSetAlertActive();
  const verb = alert.is_active ? 'Pause' : 'Resume';
  const Icon = alert.is_active ? Pause : Play;

  return (
    <Button
      variant="outline"
      size={size}
      disabled={setActive.isPending}
      aria-label={`${verb} alert ${label}`}
      onClick={(event) => {
        event.stopPropagation();
        setActive.mutate(
          { id: alert.id, active: !alert.is_active },
          { onError: (failure) => toast.error(serverMessage(failure) ?? 'Failed to update alert. Please try again.') },
        );
      }}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {verb}
    </Button>
  );
}
