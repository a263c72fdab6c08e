import { projectMessages, shortenAddress, type Project } from '@tokendesk/contract';
import { FolderX, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { ExplorerLink } from '../../../components/explorer-link';
import { InitialsBadge } from '../../../components/initials-badge';
import { BackLink, DetailNotFound, DetailPage, useRecordId } from '../../../components/detail-page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { holdersQueryOptions } from '../../../features/holders/api/get-holders';
import { useProject } from '../../../features/projects/api/get-project';
import { DeleteProjectDialog } from '../../../features/projects/components/delete-project-dialog';
import { DiscoveredPoolsCard } from '../../../features/discovered-pools/components/discovered-pools-card';
import { HoldersCard } from '../../../features/holders/components/holders-card';
import { MarketStatsRow } from '../../../features/market/components/market-stats-row';
import { NetworkLabel, useNetwork } from '../../../components/network-label';
import { ProjectPoolsCard } from '../../../features/projects/components/project-pools-card';
import { WeeklyReportCard } from '../../../features/reports/components/weekly-report-card';
import { TokenHealthCard } from '../../../features/token-health/components/token-health-card';
import { paths } from '../../../lib/paths';

const back = <BackLink to={paths.projects}>Back to Projects</BackLink>;

/** Product §2.8. */
export function ProjectDetailRoute() {
  const id = useRecordId();
  return id === null ? <ProjectNotFound /> : <ProjectDetail id={id} />;
}

function ProjectNotFound() {
  return (
    <DetailNotFound
      back={back}
      width="5xl"
      documentTitle={projectMessages.projectNotFound}
      icon={FolderX}
      title={projectMessages.projectNotFound}
      listLink={{ to: paths.projects, label: 'View all projects' }}
    />
  );
}

function ProjectDetail({ id }: { id: number }) {
  const project = useProject(id);
  useDocumentTitle(project.data?.name ?? 'Project');

  return (
    <DetailPage
      back={back}
      width="5xl"
      query={project}
      notFound={<ProjectNotFound />}
      loadingText="Loading project..."
      errorMessage="Failed to load project. Please try again."
    >
      {(data) => (
        <div className="flex flex-col gap-6">
          <ProjectSummary project={data} />
          <MarketStatsRow project={data} />
          <DiscoveredPoolsCard project={data} />
          <ProjectPoolsCard project={data} />
          <HoldersCard project={data} />
          <TokenHealthCard project={data} />
          <WeeklyReportCard project={data} />
        </div>
      )}
    </DetailPage>
  );
}

/**
 * Product §2.8 replaces the first specification's fixed 'Active' badge (true of every project, so it said nothing)
 * with the state of the project's holder index, read from the same query as the Holders card (no
 * request of its own, kept in step). Nothing shows until the server has answered: no guessed state.
 */
function HolderStateBadge({ project }: { project: Project }) {
  // Reads what the Holders card fetches and polls, without asking itself: after a delete removes the
  // query, this observer must not fetch the gone project's holders (a 404) before the page leaves.
  const { data } = useQuery({ ...holdersQueryOptions(project.id), enabled: false });
  if (!data) return null;
  const { state, progress_pct } = data.sync;
  const label =
    state === 'pending'
      ? { tone: 'neutral' as const, text: 'Holders: indexing starts shortly' }
      : state === 'indexing'
        ? { tone: 'info' as const, text: `Indexing holders: ${Math.floor(progress_pct ?? 0)}%` }
        : state === 'unavailable' || !project.holders_available || data.reconciliation.status === 'no_logs'
          ? { tone: 'warning' as const, text: 'Holders not available' }
          : { tone: 'success' as const, text: 'Holders up to date' };
  return (
    <Badge tone={label.tone} data-testid="holder-state-badge">
      {label.text}
    </Badge>
  );
}

function ProjectSummary({ project }: { project: Project }) {
  const network = useNetwork(project.network);
  const [deleting, setDeleting] = useState(false);

  return (
    <Card aria-labelledby="project-title">
      {/* One row that never wraps: the button keeps its place at the top right while the title
          wraps and the holder badge comes in (it used to sit below them and jump down 28 px when
          the badge appeared, so a tap at that moment hit nothing). Below lg only its icon shows (named
          and titled 'Delete project'): the title needs the width more. */}
      <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 py-5 sm:gap-4 sm:px-6">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <InitialsBadge id={project.id} name={project.name} size="lg" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1
                id="project-title"
                className="text-xl font-semibold tracking-tight break-words text-slate-900 sm:text-2xl"
              >
                {project.name}
              </h1>
              <HolderStateBadge project={project} />
            </div>
            <p className="mt-0.5 text-sm font-medium break-all text-slate-500">{project.token_symbol}</p>
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0"
          aria-label="Delete project"
          title="Delete project"
          onClick={() => setDeleting(true)}
        >
          <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
          <span className="hidden lg:inline">Delete project</span>
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 px-5 py-5 sm:px-6 lg:grid-cols-4">
        <Detail label="Contract Address">
          <span className="inline-flex min-w-0 items-center gap-0.5">
            <span className="font-mono text-slate-900" title={project.contract_address}>
              {shortenAddress(project.contract_address)}
            </span>
            <CopyButton value={project.contract_address} label="Copy contract address" />
            <ExplorerLink
              explorer={network?.network_explorer}
              address={project.contract_address}
              label="View contract on explorer"
            />
          </span>
        </Detail>
        <Detail label="Network">
          <NetworkLabel networkId={project.network} className="text-slate-900" />
        </Detail>
        <Detail label="Decimals">
          <span className="text-slate-900 tabular-nums">{project.token_decimal}</span>
        </Detail>
        <Detail label="Added">
          <span className="text-slate-900">{formatDate(project.created_at)}</span>
        </Detail>
      </dl>
      <DeleteProjectDialog project={project} open={deleting} onOpenChange={setDeleting} />
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 flex min-h-7 items-center text-sm">{children}</dd>
    </div>
  );
}
