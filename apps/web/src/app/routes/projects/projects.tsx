import { useQuery } from '@tanstack/react-query';
import { FolderKanban, SearchX } from 'lucide-react';
import { ListSearchField } from '../../../components/list-search-field';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListSearch } from '../../../lib/use-list-search';
import { useProjectsPages } from '../../../features/projects/api/get-projects';
import { projectsSummaryQueryOptions } from '../../../features/projects/api/get-projects-summary';
import { ProjectsList } from '../../../features/projects/components/projects-list';

/** Product §2.7, a page of projects at a time, searched on the server (name, symbol, contract address). */
export function ProjectsRoute() {
  useDocumentTitle('Projects');
  const search = useListSearch();
  const projects = useProjectsPages(search.query);
  // The count of all projects, not of the pages loaded so far.
  const summary = useQuery(projectsSummaryQueryOptions);
  const count = summary.data?.project_count;
  const rows = projects.data?.pages.flatMap((page) => page.projects) ?? [];
  const stale = search.settling || projects.isPlaceholderData;
  const searching = search.query !== '';
  const hasAny = rows.length > 0 || searching || search.text !== '';

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Projects"
        description={count ? `${count} token ${count === 1 ? 'project' : 'projects'}` : 'Your token projects and the networks they live on'}
      />
      <Card aria-label="Your projects">
        {hasAny && (
          <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
            <ListSearchField
              label="Search your projects"
              placeholder="Search name, symbol or address"
              value={search.text}
              onChange={search.setText}
              searching={stale && projects.isFetching}
              className="sm:max-w-sm"
            />
          </div>
        )}
        {projects.isPending ? (
          <LoadingState>Loading your projects...</LoadingState>
        ) : projects.isError && !projects.data ? (
          <ErrorState
            message="Failed to load projects. Please try again."
            onRetry={() => void projects.refetch()}
            retrying={projects.isFetching}
          />
        ) : rows.length === 0 && searching ? (
          <EmptyState
            icon={SearchX}
            title="No matching projects"
            description={`No projects found for "${search.query}"`}
            action={
              <Button variant="outline" size="sm" onClick={() => search.setText('')}>
                Clear search
              </Button>
            }
            className={cn(stale && 'opacity-60')}
          />
        ) : rows.length === 0 ? (
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
          <>
            <div aria-busy={stale} className={cn('transition-opacity', stale && 'opacity-60')}>
              <ProjectsList projects={rows} />
            </div>
            <LoadMoreFooter
              shown={`${rows.length} project${rows.length === 1 ? '' : 's'} shown`}
              hasMore={projects.hasNextPage && !stale}
              loadingMore={projects.isFetchingNextPage}
              failed={projects.isFetchNextPageError}
              failedText="More projects could not be loaded. Please try again."
              onLoadMore={() => void projects.fetchNextPage()}
            />
          </>
        )}
      </Card>
    </div>
  );
}
