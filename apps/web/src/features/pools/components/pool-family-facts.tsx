import { shortenAddress, type Pool } from '@tokendesk/contract';
import { Layers } from 'lucide-react';
import type { ReactNode } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { ExplorerLink } from '../../../components/explorer-link';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { binStepText, familyRules, isDynamicFee, poolFeeText, poolPlugin } from '../../../lib/pool-family';

/** The note every pool with an Algebra plugin carries, as a hooked V4 pool carries HOOKS_NOTE. */
export const PLUGIN_NOTE = 'This pool has a plugin: it can change fees.';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

type FactsPool = Pick<Pool, 'pool_version' | 'fee' | 'shape' | 'v4'> & {
  network: Pick<Pool['network'], 'network_explorer'>;
};

/**
 * What a pool of a family beyond Uniswap's is (issue 30): stable or volatile (Solidly, Camelot V2),
 * its fee or 'Dynamic fee', its tick spacing (Slipstream, Algebra), its bin step (Liquidity Book) and
 * an Algebra pool's plugin. Uniswap V2/V3 pools have nothing to add here; V4's key has its own card.
 */
export function PoolFamilyFactsCard({ pool }: { pool: FactsPool }) {
  const rules = familyRules(pool.pool_version);
  const title = rules.factsTitle;
  if (!title) return null;
  const shape = pool.shape;
  const fee = poolFeeText(pool);
  const plugin = poolPlugin(pool);
  return (
    <Card aria-labelledby="family-pool-title">
      <CardHeader titleId="family-pool-title" icon={<Layers className="h-5 w-5" aria-hidden="true" />} title={title} />
      <CardBody>
        <dl className="grid gap-4 sm:grid-cols-3">
          {shape.stable !== null && (
            <Fact term="Curve">
              {shape.stable ? 'Stable pool' : 'Volatile pool'}
              <span className="block text-xs text-slate-500">
                {shape.stable
                  ? 'x³y + y³x = k: the price is the curve’s marginal price, not the reserve ratio.'
                  : 'x · y = k, as a Uniswap V2 pair.'}
              </span>
            </Fact>
          )}
          <Fact term="Fee">
            {fee ?? '—'}
            {isDynamicFee(pool) && <span className="block text-xs text-slate-500">Set by the pool for each swap.</span>}
          </Fact>
          {shape.tick_spacing !== null && (
            <Fact term="Tick spacing">
              <span className="tabular-nums">{shape.tick_spacing}</span>
            </Fact>
          )}
          {shape.bin_step !== null && (
            <Fact term="Bin step">
              {binStepText(shape.bin_step).replace('Bin step ', '')}
              <span className="block text-xs text-slate-500">Each bin’s price is that far from the next.</span>
            </Fact>
          )}
          {rules.plugins && (
            <Fact term="Plugin">
              {plugin ? (
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="flex items-center gap-0.5">
                    <span className="font-mono" title={plugin}>
                      {shortenAddress(plugin)}
                    </span>
                    <CopyButton value={plugin} label="Copy plugin address" />
                    <ExplorerLink
                      explorer={pool.network.network_explorer}
                      address={plugin}
                      label="View plugin contract on explorer"
                    />
                  </span>
                  <span className="text-amber-800">{PLUGIN_NOTE}</span>
                </span>
              ) : (
                'No plugin'
              )}
            </Fact>
          )}
        </dl>
      </CardBody>
    </Card>
  );
}
