import { candlesSchema, type CandleCurrency, type CandleInterval } from '@tokendesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fundsQueryKey } from './get-funds';

/**
 * GET projects/pool/{id}/candles/?interval=&currency=: OHLCV from the pool's stored swaps, with
 * markers (decision 0034). The range is the server's default for the interval.
 */
export function getCandles(id: number, interval: CandleInterval, currency: CandleCurrency, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/projects/pool/${id}/candles/`, { query: { interval, currency }, schema: candlesSchema, signal });
}

export function candlesQueryOptions(id: number, interval: CandleInterval, currency: CandleCurrency) {
  return queryOptions({
    queryKey: [...fundsQueryKey, id, 'candles', interval, currency] as const,
    queryFn: ({ signal }) => getCandles(id, interval, currency, { signal }),
  });
}

/** Switching interval or currency keeps the previous candles on screen until the new ones arrive. */
export function useCandles(id: number, interval: CandleInterval, currency: CandleCurrency) {
  return useQuery({ ...candlesQueryOptions(id, interval, currency), placeholderData: keepPreviousData });
}
