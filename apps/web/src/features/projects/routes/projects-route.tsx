import { FolderKanban } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Card } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProjects } from '../api/get-projects';
import { ProjectsList } from '../components/projects-list';

/** SPEC §2.7. */
export function ProjectsRoute() {
  useDocumentTitle('Projects');
  const projects = useProjects();
  const count = projects.data?.length;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Projects"
        description={count ? `${count} token ${count === 1 ? 'project' : 'projects'}` : 'Your token projects and the networks they live on'}
      />
      <Card aria-label="Your projects">
        {projects.isPending ? (
          <LoadingState>Loading your projects...</LoadingState>
        ) : projects.isError ? (
          <ErrorState
            message="Failed to load projects. Please try again."
            onRetry={() => void projects.refetch()}
            retrying={projects.isFetching}
          />
        ) : projects.data.length === 0 ? (
          <EmptyState
            icon={FolderKanban}
            title="No projects yet"
            description={
              <>
                Use <span className="font-medium text-slate-700">+ New Project</span> in the header to add your first token project.
              </>
            }
          />
        ) : (
          <ProjectsList projects={projects.data} />
        )}
      </Card>
    </div>
  );
}
