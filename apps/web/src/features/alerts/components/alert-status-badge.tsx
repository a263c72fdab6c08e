import { Badge } from '../../../components/ui/badge';

export function AlertStatusBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge tone="success">
      <span className="h-1.5 w-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
      Active
    </Badge>
  ) : (
    <Badge tone="neutral">
      <span className="h-1.5 w-1.5 rounded-full bg-slate-400" aria-hidden="true" />
      Paused
    </Badge>
  );
}
