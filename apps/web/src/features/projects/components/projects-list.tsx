import { formatUsdCompact, shortenAddress, type Project, type ProjectMarket } from '@tokendesk/contract';
import { ChevronRight } from 'lucide-react';
import { RowLink } from '../../../components/row-link';
import { CopyButton } from '../../../components/copy-button';
import { InitialsBadge } from '../../../components/initials-badge';
import { UsdFigure } from '../../../components/usd-figure';
import { Skeleton } from '../../../components/ui/skeleton';
import { UNKNOWN } from '../../../lib/format';
import { useProjectsMarket, type ProjectsMarket } from '../api/get-project-market';
import { NetworkLabel } from './network-label';
import { paths } from '../../../lib/paths';

/** Product §2.7: one row per project; the whole row opens it, the copy button only copies. */
export function ProjectsList({ projects }: { projects: Project[] }) {
  // Asked for after the rows render: the list never waits for the chain reads behind USD figures.
  const market = useProjectsMarket(projects.map((p) => p.id));
  return (
    <div className="@container">
    <ul className="divide-y divide-slate-100" aria-label="Projects">
      {projects.map((project) => (
        <li
          key={project.id}
          className="relative grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-5 py-4 transition-colors hover:bg-slate-50 sm:px-6 @3xl:grid-cols-[auto_minmax(0,1.2fr)_minmax(8.5rem,1fr)_minmax(0,4.5rem)_minmax(0,1.2fr)_minmax(0,5.5rem)_minmax(0,5.5rem)_auto] @3xl:gap-x-3"
        >
          <InitialsBadge id={project.id} name={project.name} className="row-span-3 self-start @3xl:row-span-1 @3xl:self-center" />
          <div className="min-w-0">
            <RowLink to={paths.project(project.id)} className="focus-visible:after:rounded-lg">
              {project.name}
            </RowLink>
            <p className="text-xs text-slate-500 @3xl:hidden">{project.token_symbol}</p>
          </div>
          <div className="col-start-2 row-start-2 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 @3xl:contents">
            <span className="relative z-10 inline-flex items-center gap-0.5 @3xl:order-none">
              <span className="font-mono text-slate-600" title={project.contract_address}>
                {shortenAddress(project.contract_address)}
              </span>
              <CopyButton value={project.contract_address} label={`Copy contract address of ${project.name}`} />
            </span>
            <span className="hidden text-sm font-medium text-slate-700 @3xl:block">{project.token_symbol}</span>
            <NetworkLabel networkId={project.network} className="text-xs text-slate-600 @3xl:text-sm" />
          </div>
          <MarketCells market={market} projectId={project.id} />
          <ChevronRight className="col-start-3 row-span-3 row-start-1 h-4 w-4 text-slate-400 @3xl:col-start-auto @3xl:row-span-1" aria-hidden="true" />
        </li>
      ))}
    </ul>
    </div>
  );
}

/**
 * USD price and liquidity of one row: a skeleton until its request answers, '—' with the reason on
 * hover when there is no USD route, '—' after a failed request. One line under the name on a
 * phone, two right-aligned columns on a wide list.
 */
function MarketCells({ market, projectId }: { market: ProjectsMarket; projectId: number }) {
  const item = market.byId.get(projectId);
  return (
    <div className="col-start-2 row-start-3 flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1 text-xs text-slate-500 @3xl:contents" data-testid="project-market">
      <MarketCell label="Price" item={item} pending={market.pending.has(projectId)} pick={(m) => m.price_usd} />
      <MarketCell label="Liquidity" item={item} pending={market.pending.has(projectId)} pick={(m) => m.liquidity_usd} compact />
    </div>
  );
}

function MarketCell({ label, item, pending, pick, compact = false }: { label: string; item: ProjectMarket | undefined; pending: boolean; pick: (m: ProjectMarket) => string | null; compact?: boolean }) {
  return (
    <span className="relative z-10 inline-flex min-w-0 items-baseline gap-1 @3xl:flex @3xl:flex-col @3xl:items-end @3xl:gap-0">
      <span className="@3xl:order-2 @3xl:text-xs">{label}</span>
      <span className="text-sm font-medium text-slate-900 @3xl:order-1">
        {item ? (
          <UsdFigure value={pick(item)} source={item.usd} reason={item.usd_unavailable_reason} reasonAs="title" format={compact ? formatUsdCompact : undefined} />
        ) : pending ? (
          <Skeleton className="inline-block h-4 w-16 align-middle" />
        ) : (
          <span className="text-slate-500" title="The USD figures could not be loaded.">
            {UNKNOWN}
          </span>
        )}
      </span>
    </span>
  );
}
