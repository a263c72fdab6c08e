import { api, CANDLE_INTERVAL_SECONDS, CANDLE_RANGE_SECONDS, candleRangeOf, type Candles } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceData } from '../../plugins/workspace-access';
import { ownedPoolWithProject } from '../../domain/tenancy';
import { notFound } from '../../lib/http-errors';
import { poolSide } from '../../market/pool-view';
import { presentCandle, presentMarkers, presentUsdCandle, usdBasis } from './presenter';
import { coveredToBlock, loadAlertFirings, loadCandles, loadMarkerEvents } from './repository';
import { loadUsdCandles, referenceCoverage, referencePoolOf } from './usd-repository';
import { route } from '../../plugins/endpoint-routes';

/** GET projects/pool/{id}/candles/: OHLCV of one of the user's pools from its stored swaps (decision 0034). */
export const candleRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, api.candles.list, async (request): Promise<Candles> => {
    const userId = workspaceData(request).user.id;
    const row = await ownedPoolWithProject(app.db, userId, request.params.id);
    if (!row) throw notFound('Pool not found.');
    const { pool, project } = row;
    const { interval, currency } = request.query;
    const range = candleRangeOf(interval, request.query.range);
    const step = CANDLE_INTERVAL_SECONDS[interval];
    const nowSeconds = Math.floor(Date.now() / 1000);
    const from = new Date(Math.floor((nowSeconds - CANDLE_RANGE_SECONDS[range]) / step) * step * 1000);
    const side = poolSide(pool, project);
    const ref = await referencePoolOf(app.db, pool.networkId);
    const basis = usdBasis(app.chain.registry.get(pool.networkId), pool, ref);
    const [covered, rates] = await Promise.all([
      coveredToBlock(app.db, pool),
      basis.kind === 'reference' ? referenceCoverage(app.db, basis.ref) : null,
    ]);
    const answer: Candles = {
      interval,
      range,
      currency,
      // A usdPegged paired token is 1 USD by definition, so its figures are the USD figures.
      quote_symbol: currency === 'usd' ? 'USD' : pool.pairedTokenSymbol,
      candles: [],
      markers: [],
      usd_unavailable_reason: basis.kind === 'none' ? basis.reason : null,
      usd_route: basis.kind === 'reference' ? basis.ref.label : null,
      usd_rates_from: rates?.firstTime?.toISOString() ?? null,
      usd_candles_without_rate: 0,
      covered_to_block: covered === null ? null : covered.toString(),
    };
    if (currency === 'usd' && basis.kind === 'none') return answer;
    const [candles, events, firings] = await Promise.all([
      basis.kind === 'reference' && currency === 'usd'
        ? loadUsdCandles(app.db, pool, side, basis.ref, rates?.toBlock ?? -1n, step, from).then((usd) => {
            answer.usd_candles_without_rate = usd.withoutRate;
            return usd.candles.map((c) => presentUsdCandle(c, side));
          })
        : loadCandles(app.db, pool, side, step, from).then((rows) => rows.map((c) => presentCandle(c, side))),
      loadMarkerEvents(app.db, pool, side, from),
      loadAlertFirings(app.db, userId, pool.id, from),
    ]);
    answer.candles = candles;
    answer.markers = presentMarkers({ ...events, firings }, pool, project, side);
    return answer;
  });
};
