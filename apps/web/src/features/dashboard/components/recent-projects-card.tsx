import type { ProjectSummary } from '@tokendesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { FolderKanban, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { InitialsBadge } from '../../../components/initials-badge';
import { EmptyState, ErrorState } from '../../../components/status-message';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';

export interface RecentProjectsCardProps {
  /** The count and the five newest (projects/summary/). */
  projects: UseQueryResult<ProjectSummary>;
  onCreateProject: () => void;
}

/** Product §2.6: the five newest projects. */
export function RecentProjectsCard({ projects, onCreateProject }: RecentProjectsCardProps) {
  return (
    <Card aria-labelledby="recent-projects-title" className="flex flex-col">
      <CardHeader
        titleId="recent-projects-title"
        title="Recent Projects"
        actions={
          projects.data && projects.data.project_count > 0 ? (
            <Link to={paths.projects} className="rounded text-sm font-medium text-indigo-600 hover:text-indigo-700">
              View all
            </Link>
          ) : undefined
        }
      />
      {projects.isPending ? (
        <ul aria-label="Loading projects" className="divide-y divide-slate-100">
          {[0, 1, 2].map((n) => (
            <li key={n} className="flex items-center gap-3 px-5 py-3 sm:px-6">
              <Skeleton className="h-10 w-10 rounded-lg" />
              <div className="flex flex-1 flex-col gap-1.5">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-3 w-16" />
              </div>
            </li>
          ))}
        </ul>
      ) : projects.isError && !projects.data ? (
        <ErrorState
          message="Failed to load projects. Please try again."
          onRetry={() => void projects.refetch()}
          retrying={projects.isFetching}
        />
      ) : projects.data.recent_projects.length === 0 ? (
        <EmptyState
          icon={FolderKanban}
          title="No projects yet"
          description="Create your first project to get started with all features"
          action={
            <Button onClick={onCreateProject}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Create Project
            </Button>
          }
        />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Recent projects">
          {projects.data.recent_projects.map((project) => (
            <li key={project.id}>
              <Link
                to={paths.project(project.id)}
                className="flex items-center gap-3 px-5 py-3 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset sm:px-6"
              >
                <InitialsBadge id={project.id} name={project.name} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold text-slate-900" title={project.name}>
                    {project.name}
                  </span>
                  <span className="block truncate text-xs text-slate-500" title={project.token_symbol}>
                    {project.token_symbol}
                    <span aria-hidden="true"> · </span>
                    <HolderCount count={project.holder_count} available={project.holders_available} />
                  </span>
                </span>
                <span className="shrink-0 text-xs text-slate-500">{formatDate(project.created_at)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const countFormat = new Intl.NumberFormat('en-US');

/**
 * The project's holder count; null until the token's transfer history is fully indexed, which is
 * said as such rather than shown as a number that is still growing.
 */
function HolderCount({ count, available }: { count: number | null; available: boolean }) {
  if (!available) {
    return (
      <span title="This token's Transfer logs come from another contract, so its holders cannot be counted from them">
        Holders not available
      </span>
    );
  }
  if (count === null) {
    return <span title="The holder count appears once the token's transfer history is indexed">Holders indexing…</span>;
  }
  return (
    <span className="tabular-nums">
      {countFormat.format(count)} {count === 1 ? 'holder' : 'holders'}
    </span>
  );
}
