import type { Project } from '@tokendesk/contract';
import { ChevronRight, Droplets, FolderKanban, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { InitialsBadge } from '../../../components/initials-badge';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProjects } from '../../../features/projects/api/get-projects';
import { AddPoolDialog } from '../../../features/projects/components/add-pool-dialog';
import { NetworkLabel } from '../../../components/network-label';
import { useOpenAddProject } from '../../layout/add-project';
import { paths } from '../../../lib/paths';

/**
 * /funds/new: adding a fund starts here. A pool belongs to the project whose token it trades, so
 * the project is chosen first, then the Add Pool dialog opens for it (product §2.11).
 */
export function AddPoolRoute() {
  useDocumentTitle('Add a Pool');
  // The app's Add Project dialog: without a project there is nothing to attach a pool to.
  const onCreateProject = useOpenAddProject();
  const projects = useProjects();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Project | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Add a Pool"
        description="A pool is attached to the project whose token it trades. Choose the project first."
      />
      <Card aria-labelledby="choose-project-title">
        <CardHeader
          titleId="choose-project-title"
          icon={<Droplets className="h-5 w-5" aria-hidden="true" />}
          title="Choose a project"
        />
        {projects.isPending ? (
          <LoadingState>Loading your projects...</LoadingState>
        ) : projects.isError ? (
          <ErrorState
            message={serverMessage(projects.error) ?? 'Failed to load projects. Please try again.'}
            onRetry={() => void projects.refetch()}
            retrying={projects.isFetching}
          />
        ) : projects.data.length === 0 ? (
          <EmptyState
            icon={FolderKanban}
            title="No projects yet"
            description="Add your token project first; then attach its pools."
            action={
              <Button onClick={onCreateProject}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Add Project
              </Button>
            }
          />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Your projects">
            {projects.data.map((project) => (
              <li key={project.id}>
                <button
                  type="button"
                  onClick={() => {
                    setChosen(project);
                    setOpen(true);
                  }}
                  className="flex w-full cursor-pointer items-center gap-3 px-5 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset sm:px-6"
                >
                  <InitialsBadge id={project.id} name={project.name} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold text-slate-900" title={project.name}>
                      {project.name}
                    </span>
                    <span className="flex min-w-0 flex-wrap items-center gap-x-2 text-xs text-slate-500">
                      <span className="max-w-full truncate" title={project.token_symbol}>
                        {project.token_symbol}
                      </span>
                      <NetworkLabel networkId={project.network} className="text-xs text-slate-500" />
                    </span>
                  </span>
                  <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {chosen && (
        <AddPoolDialog
          key={chosen.id}
          project={chosen}
          open={open}
          onOpenChange={setOpen}
          onCreated={(pool) => navigate(paths.pool(pool.id))}
        />
      )}
    </div>
  );
}
