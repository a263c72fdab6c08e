import { activityKinds, type ActivityKind, type Pool, type Project } from '@tokendesk/contract';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { pairLabel } from '../../../lib/format';
import type { ActivityFilters as Filters } from '../api/get-activity';
import { activityKindLabels } from './activity-kind-badge';

export interface ActivityFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  projects: Project[] | undefined;
  pools: Pool[] | undefined;
}

/** SPEC §2.9: project, pool and kind; choosing a project narrows the pools to its own. */
export function ActivityFilters({ filters, onChange, projects, pools }: ActivityFiltersProps) {
  const poolOptions = (pools ?? []).filter((pool) => filters.project === undefined || pool.project.id === filters.project);
  const num = (value: string) => (value === '' ? undefined : Number(value));

  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor="activity-project">Project</Label>
        <Select
          id="activity-project"
          value={filters.project?.toString() ?? ''}
          onChange={(e) => {
            const project = num(e.target.value);
            // A pool of another project would leave nothing to show.
            const keepPool = project === undefined || pools?.find((p) => p.id === filters.pool)?.project.id === project;
            onChange({ ...filters, project, pool: keepPool ? filters.pool : undefined });
          }}
        >
          <option value="">All projects</option>
          {projects?.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name} ({project.token_symbol})
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor="activity-pool">Pool</Label>
        <Select id="activity-pool" value={filters.pool?.toString() ?? ''} onChange={(e) => onChange({ ...filters, pool: num(e.target.value) })}>
          <option value="">All pools</option>
          {poolOptions.map((pool) => (
            <option key={pool.id} value={pool.id}>
              {pairLabel(pool.project.token_symbol, pool.token.symbol)} - {pool.dex.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor="activity-kind">Kind</Label>
        <Select
          id="activity-kind"
          value={filters.kind ?? ''}
          onChange={(e) => onChange({ ...filters, kind: (e.target.value || undefined) as ActivityKind | undefined })}
        >
          <option value="">All kinds</option>
          {activityKinds.map((kind) => (
            <option key={kind} value={kind}>
              {activityKindLabels[kind]}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
