import {
  apiErrorSchema,
  CANDLE_INTERVAL_SECONDS,
  CANDLE_RANGE_SECONDS,
  candleRangeOf,
  candlesQuerySchema,
  candlesSchema,
  idParamSchema,
  type Candles,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth } from '../../auth/plugin';
import { ownedPoolWithProject } from '../../domain/tenancy';
import { notFound } from '../../lib/http-errors';
import { poolSide } from '../../market/pool-view';
import { presentCandle, presentMarkers, presentUsdCandle, usdBasis } from './candles-presenter';
import { coveredToBlock, loadAlertFirings, loadCandles, loadMarkerEvents } from './candles-repository';
import { loadUsdCandles, referenceCoverage, referencePoolOf } from './usd-candles-repository';

const tags = ['Pools and funds'];
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { basicAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema };

/** GET projects/pool/{id}/candles/: OHLCV of one of the user's pools from its stored swaps (decision 0034). */
export const candleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/projects/pool/:id/candles',
    {
      preHandler: app.requireUser,
      config: { fieldOrder: ['interval', 'range', 'currency'] },
      schema: {
        tags,
        security,
        summary: 'Candles (open, high, low, close, volume) of a pool from its stored swaps, with chart markers',
        description:
          'Candles of `interval` over the last `range`, from the swaps the indexer stored (not from price snapshots). The range ' +
          'starts at the beginning of the candle that holds now − range, so the first candle is whole. A price is the paired ' +
          'amount / project amount of a swap, exact to 30 decimals (truncated), the same as the activity list. Candles without ' +
          "swaps are left out. currency=usd is served only for pools paired with a USD stablecoin (1 USD exactly); for others it answers 200 with no candles and usd_unavailable_reason. Another user's pool answers 404.",
        params: idParamSchema,
        querystring: candlesQuerySchema,
        response: { 200: candlesSchema, ...errors },
      },
    },
    async (request): Promise<Candles> => {
      const userId = currentAuth(request).user.id;
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
      const [covered, rates] = await Promise.all([coveredToBlock(app.db, pool), basis.kind === 'reference' ? referenceCoverage(app.db, basis.ref) : null]);
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
    },
  );
};
