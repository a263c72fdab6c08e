import { api, type CandleCurrency, type CandleInterval, type CandleRange } from '@tokendesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsQueryKey } from '../../../lib/query-keys';

/**
 * GET projects/pool/{id}/candles/?interval=&currency=: OHLCV from the pool's stored swaps, with
 * markers (decision 0034). Without a range, the server's default for the interval.
 */
export function getCandles(
  id: number,
  interval: CandleInterval,
  currency: CandleCurrency,
  range?: CandleRange,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiCall(
    api.candles.list,
    { params: { id }, query: range ? { interval, range, currency } : { interval, currency } },
    { signal },
  );
}

export function candlesQueryOptions(
  id: number,
  interval: CandleInterval,
  currency: CandleCurrency,
  range?: CandleRange,
) {
  return queryOptions({
    queryKey: [...poolsQueryKey, id, 'candles', interval, currency, range ?? null] as const,
    queryFn: ({ signal }) => getCandles(id, interval, currency, range, { signal }),
  });
}

/** Switching interval or currency keeps the previous candles on screen until the new ones arrive. */
export function useCandles(id: number, interval: CandleInterval, currency: CandleCurrency, range?: CandleRange) {
  return useQuery({ ...candlesQueryOptions(id, interval, currency, range), placeholderData: keepPreviousData });
}
