import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { alertSchema, type Alert, type AlertPage } from '@tokendesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installPendingFetch, until, type PendingRequest } from '../../../test/pending-fetch';
import { alertsPagesQueryOptions, updateLoadedAlerts } from './get-alerts';

/** An alert as the server answers it. */
function alert(id: number, label = `P${id}/WETH - Uniswap V2`): Alert {
  return {
    id,
    kind: 'price_move',
    pool_id: 1000 + id,
    label,
    project: { id: 500 + id, name: `Project ${id}` },
    threshold_pct: '10',
    window_minutes: 60,
    min_amount: null,
    cooldown_minutes: 60,
    is_active: true,
    last_triggered_at: null,
    trigger_count: 0,
    channel_ids: [],
    created_at: '2026-11-24T08:00:00.000Z',
  };
}

let requests: PendingRequest[];

beforeEach(() => {
  requests = installPendingFetch().requests;
});

afterEach(() => vi.unstubAllGlobals());

const idsOf = (data: InfiniteData<AlertPage> | undefined) =>
  data?.pages.flatMap((page) => page.alerts.map((a) => a.id));

describe('the /alerts list', () => {
  it('uses an alert the contract accepts (else every answer below would fail validation)', () => {
    expect(alertSchema.safeParse(alert(1)).success).toBe(true);
  });

  it('asks for a page of 50 with the search text, then the next page with the cursor, and stops at null', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(client, alertsPagesQueryOptions('demo'));
    const unsubscribe = observer.subscribe(() => {});
    await until(() => requests.length === 1);
    expect(requests[0]!.url.pathname).toBe('/api/v1/projects/alerts/');
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({ q: 'demo', limit: '50' });
    requests[0]!.answer({ alerts: [alert(3), alert(2)], next_cursor: 'c1' });
    await until(() => observer.getCurrentResult().hasNextPage);

    void observer.fetchNextPage();
    await until(() => requests.length === 2);
    expect(Object.fromEntries(requests[1]!.url.searchParams)).toEqual({ q: 'demo', cursor: 'c1', limit: '50' });
    requests[1]!.answer({ alerts: [alert(1)], next_cursor: null });
    await until(() => observer.getCurrentResult().data?.pages.length === 2);
    expect(idsOf(observer.getCurrentResult().data)).toEqual([3, 2, 1]);
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    unsubscribe();
  });

  it('sends no q without a search', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(client, alertsPagesQueryOptions(''));
    const unsubscribe = observer.subscribe(() => {});
    await until(() => requests.length === 1);
    expect(requests[0]!.url.searchParams.has('q')).toBe(false);
    unsubscribe();
  });

  it('pause and resume flip an alert in every loaded page of every search, keeping the cursors', () => {
    const client = new QueryClient();
    const pages = (q: string) => alertsPagesQueryOptions(q).queryKey;
    client.setQueryData(pages(''), {
      pages: [
        { alerts: [alert(3), alert(2)], next_cursor: 'c1' },
        { alerts: [alert(1)], next_cursor: null },
      ],
      pageParams: [undefined, 'c1'],
    });
    client.setQueryData(pages('p1'), { pages: [{ alerts: [alert(1)], next_cursor: null }], pageParams: [undefined] });

    updateLoadedAlerts(client, (a) => (a.id === 1 ? { ...a, is_active: false } : a));

    const all = client.getQueryData(pages(''))!;
    expect(all.pages.map((page) => page.alerts.map((a) => [a.id, a.is_active]))).toEqual([
      [
        [3, true],
        [2, true],
      ],
      [[1, false]],
    ]);
    expect(all.pages.map((page) => page.next_cursor)).toEqual(['c1', null]);
    expect(all.pageParams).toEqual([undefined, 'c1']);
    expect(client.getQueryData(pages('p1'))!.pages[0]!.alerts[0]!.is_active).toBe(false);
  });
});
