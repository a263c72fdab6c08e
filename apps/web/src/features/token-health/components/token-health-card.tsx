import type { Project } from '@tokendesk/contract';
import { ShieldCheck } from 'lucide-react';
import { ErrorState, LoadingState } from '../../../components/status-message';
import { Badge } from '../../../components/ui/badge';
import { Card, CardHeader } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useTokenHealth } from '../api/get-token-health';
import { healthLines, type HealthLine } from './token-health-lines';

/**
 * What a community checks before buying (issue 34): ownership, privileged functions in the code,
 * whether it is upgradeable, buy and sell tax by simulation, and the liquidity burned or locked —
 * each line with the block it was read at and how we know.
 */
export function TokenHealthCard({ project }: { project: Project }) {
  const health = useTokenHealth(project.id);
  return (
    <Card aria-labelledby="token-health-title">
      <CardHeader
        titleId="token-health-title"
        icon={<ShieldCheck className="h-5 w-5" aria-hidden="true" />}
        title="Token health"
        description={`What buyers check before trading ${project.token_symbol}, read from the chain.`}
      />
      {health.isPending ? (
        <LoadingState>Reading the token's contract and pools…</LoadingState>
      ) : health.isError ? (
        <ErrorState
          message={serverMessage(health.error) ?? 'Failed to read the token health. Please try again.'}
          onRetry={() => void health.refetch()}
          retrying={health.isFetching}
        />
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {healthLines(health.data, project.token_symbol, formatDate).map((line) => (
              <HealthRow key={line.key} line={line} />
            ))}
          </ul>
          {health.data.trading.length === 0 && (
            <p className="px-5 pb-4 text-sm text-slate-500 sm:px-6">
              Add a pool to this project to simulate a buy and sell and to see its liquidity burned or locked.
            </p>
          )}
        </>
      )}
    </Card>
  );
}

function HealthRow({ line }: { line: HealthLine }) {
  return (
    <li className="px-5 py-3 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 text-sm font-medium break-words text-slate-900">{line.label}</span>
        <Badge tone={line.tone}>{line.verdict}</Badge>
      </div>
      {line.detail && <p className="mt-1 text-sm break-words text-slate-600">{line.detail}</p>}
      <details className="mt-1 text-xs">
        <summary className="cursor-pointer text-slate-600 hover:text-slate-900">How we know</summary>
        <p className="mt-1 text-slate-600 [overflow-wrap:anywhere]">{`${line.how} Read at block ${line.block}.`}</p>
      </details>
    </li>
  );
}
