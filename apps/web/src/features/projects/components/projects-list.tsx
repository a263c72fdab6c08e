import { shortenAddress, type Project } from '@tokendesk/contract';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { RowLink } from '../../../components/row-link';
import { CopyButton } from '../../../components/copy-button';
import { InitialsBadge } from '../../../components/initials-badge';
import { NetworkLabel } from '../../../components/network-label';
import { paths } from '../../../lib/paths';

/**
 * Product §2.7: one row per project; the whole row opens it, the copy button only copies.
 * `marketCells` draws a row's USD price and liquidity (features/market; app/ composes the two).
 */
export function ProjectsList({
  projects,
  marketCells,
}: {
  projects: Project[];
  marketCells: (projectId: number) => ReactNode;
}) {
  return (
    <div className="@container">
      <ul className="divide-y divide-slate-100" aria-label="Projects">
        {projects.map((project) => (
          <li
            key={project.id}
            className="relative grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-5 py-4 transition-colors hover:bg-slate-50 sm:px-6 @3xl:grid-cols-[auto_minmax(0,1.2fr)_minmax(8.5rem,1fr)_minmax(0,4.5rem)_minmax(0,1.2fr)_minmax(0,5.5rem)_minmax(0,5.5rem)_auto] @3xl:gap-x-3"
          >
            <InitialsBadge
              id={project.id}
              name={project.name}
              className="row-span-3 self-start @3xl:row-span-1 @3xl:self-center"
            />
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
            {marketCells(project.id)}
            <ChevronRight
              className="col-start-3 row-span-3 row-start-1 h-4 w-4 text-slate-400 @3xl:col-start-auto @3xl:row-span-1"
              aria-hidden="true"
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
