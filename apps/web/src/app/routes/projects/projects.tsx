import { useQuery } from '@tanstack/react-query';
import { FolderKanban } from 'lucide-react';
import { ListPage, pagedListState } from '../../../components/list-page';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListSearch } from '../../../lib/use-list-search';
import { useProjectsPages } from '../../../features/projects/api/get-projects';
import { projectsSummaryQueryOptions } from '../../../features/projects/api/get-projects-summary';
import { ProjectsList } from '../../../features/projects/components/projects-list';
import { ProjectMarketCells } from '../../../features/market/components/project-market-cells';
import { useProjectsMarket } from '../../../features/market/api/get-project-market';

/** Product §2.7, a page of projects at a time, searched on the server (name, symbol, contract address). */
export function ProjectsRoute() {
  useDocumentTitle('Projects');
  const search = useListSearch();
  const projects = useProjectsPages(search.query);
  // The count of all projects, not of the pages loaded so far.
  const summary = useQuery(projectsSummaryQueryOptions);
  const count = summary.data?.project_count;
  const rows = projects.data?.pages.flatMap((page) => page.projects) ?? [];
  const state = pagedListState(projects, search, rows.length);
  // Asked for after the rows render: the list never waits for the chain reads behind USD figures.
  const market = useProjectsMarket(rows.map((p) => p.id));

  return (
    <ListPage
      width="5xl"
      title="Projects"
      description={
        count
          ? `${count} token ${count === 1 ? 'project' : 'projects'}`
          : 'Your token projects and the networks they live on'
      }
      cardLabel="Your projects"
      list={projects}
      search={search}
      state={state}
      searchField={{ label: 'Search your projects', placeholder: 'Search name, symbol or address' }}
      loadingText="Loading your projects..."
      errorMessage="Failed to load projects. Please try again."
      noMatch={{ title: 'No matching projects', description: `No projects found for "${search.query}"` }}
      empty={{
        icon: FolderKanban,
        title: 'No projects yet',
        description: (
          <>
            Use <span className="font-medium text-slate-700">+ New Project</span> in the header to add your first token
            project.
          </>
        ),
      }}
      rowCount={rows.length}
      noun="project"
    >
      <ProjectsList projects={rows} marketCells={(id) => <ProjectMarketCells market={market} projectId={id} />} />
    </ListPage>
  );
}
