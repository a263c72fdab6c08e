import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { activityFeedQueryOptions, poolActivityQueryOptions } from '../../features/activity/api/get-activity';
import { poolsLiquidityQueryKey } from '../../features/dashboard/api/get-pools-liquidity';
import { unreadCountQueryKey } from '../../features/notifications/api/get-unread-count';
import { notificationsQueryKey } from '../../features/notifications/api/get-notifications';
import { candlesQueryOptions } from '../../features/candles/api/get-candles';
import { livePoolQueryOptions } from '../../features/pools/api/get-pool';
import { latestPoolsQueryOptions } from '../../features/pools/api/get-latest-pools';
import { pricesQueryOptions } from '../../features/pools/api/get-prices';
import { topTradersQueryOptions } from '../../features/traders/api/get-top-traders';
import { projectPoolsQueryKey } from '../../features/projects/api/get-project-pools';
import { ticketQueryKey } from '../../features/tickets/api/get-ticket';
import { ticketsQueryKey } from '../../features/tickets/api/get-tickets';
import {
  alertsRootKey,
  channelsRootKey,
  holderHistoryQueryKey,
  holdersQueryKey,
  networksRootKey,
  poolsQueryKey,
  poolsRootKey,
  projectMarketQueryKey,
  projectQueryKey,
  projectsQueryKey,
} from '../../lib/query-keys';
import { applyStreamChange } from './stream-invalidations';

/** The screens of a user with projects 1 and 2 (pools 10, 11 in project 1; pool 20 in project 2), as cached. */
const screens: Record<string, QueryKey> = {
  'activity feed, all': activityFeedQueryOptions({}).queryKey,
  'activity feed, project 1': activityFeedQueryOptions({ project: 1 }).queryKey,
  'activity feed, project 2': activityFeedQueryOptions({ project: 2 }).queryKey,
  'activity feed, pool 11': activityFeedQueryOptions({ pool: 11 }).queryKey,
  'pool 10 recent activity': poolActivityQueryOptions(10).queryKey,
  'pool 20 recent activity': poolActivityQueryOptions(20).queryKey,
  'pool 10 page': livePoolQueryOptions(10).queryKey,
  'pool 10 candles': candlesQueryOptions(
    10,
    '1h' as Parameters<typeof candlesQueryOptions>[1],
    'usd' as Parameters<typeof candlesQueryOptions>[2],
  ).queryKey,
  'pool 10 traders': topTradersQueryOptions(10, '24h' as Parameters<typeof topTradersQueryOptions>[1]).queryKey,
  'pool 20 page': livePoolQueryOptions(20).queryKey,
  'pools list, all': [...poolsQueryKey, { q: '', project: undefined }],
  'pools list, project 2': [...poolsQueryKey, { q: '', project: 2 }],
  'dashboard latest funds': latestPoolsQueryOptions.queryKey,
  'dashboard liquidity': poolsLiquidityQueryKey,
  'dashboard pools summary': [...poolsRootKey, 'summary'],
  'market prices': pricesQueryOptions.queryKey,
  'project 1 market': projectMarketQueryKey(1),
  'project 2 market': projectMarketQueryKey(2),
  'project 1 pools': projectPoolsQueryKey(1),
  'projects list market, with 1': [...poolsRootKey, 'project-market-list', [1, 3]],
  'projects list market, without 1': [...poolsRootKey, 'project-market-list', [2, 3]],
  'project 1 detail': projectQueryKey(1),
  'project 1 holders': holdersQueryKey(1),
  'project 1 holder history': holderHistoryQueryKey(1),
  'project 2 holders': holdersQueryKey(2),
  'projects list': [...projectsQueryKey, 'pages', { q: '' }],
  'bell count': unreadCountQueryKey,
  'bell list': notificationsQueryKey,
  'ticket 5': ticketQueryKey(5),
  'ticket 6': ticketQueryKey(6),
  'tickets list': ticketsQueryKey,
  'alerts list': [...alertsRootKey, 'list'],
  networks: [...networksRootKey, 'list'],
  channels: [...channelsRootKey, 'list'],
};

async function touched(change: Parameters<typeof applyStreamChange>[1]): Promise<string[]> {
  const client = new QueryClient();
  for (const key of Object.values(screens)) client.setQueryData(key, { cached: true });
  await applyStreamChange(client, change);
  return Object.entries(screens)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('a live change refetches only what it touches (issue 31)', () => {
  it("a swap in pool 10 of project 1: that pool's page, the feeds that include it, prices, dashboard and project 1's figures", async () => {
    expect(await touched({ topic: 'pool', project_id: 1, pool_ids: [10], block: '99' })).toEqual(
      [
        'activity feed, all',
        'activity feed, project 1',
        'pool 10 recent activity',
        'pool 10 page',
        'pool 10 candles',
        'pool 10 traders',
        'pools list, all',
        'dashboard latest funds',
        'dashboard liquidity',
        'dashboard pools summary',
        'market prices',
        'project 1 market',
        'project 1 pools',
        'projects list market, with 1',
      ].sort(),
    );
  });

  it("holders of project 1: its holders card and history, its detail and the projects' counts", async () => {
    expect(await touched({ topic: 'holders', project_id: 1 })).toEqual(
      ['project 1 holders', 'project 1 holder history', 'project 1 detail', 'projects list'].sort(),
    );
  });

  it('the bell, one ticket, the lists', async () => {
    expect(await touched({ topic: 'notifications' })).toEqual(['bell count', 'bell list'].sort());
    expect(await touched({ topic: 'tickets', ticket_id: 5 })).toEqual(['ticket 5', 'tickets list'].sort());
    expect(await touched({ topic: 'tickets', ticket_id: null })).toEqual(
      ['ticket 5', 'ticket 6', 'tickets list'].sort(),
    );
    const lists = await touched({ topic: 'lists' });
    expect(lists).not.toContain('networks');
    expect(lists).not.toContain('channels');
    expect(lists).not.toContain('bell count');
    expect(lists).toContain('projects list');
    expect(lists).toContain('alerts list');
    expect(lists).toContain('activity feed, project 2');
  });

  it('reset: everything', async () => {
    expect(await touched({ topic: 'reset' })).toEqual(Object.keys(screens).sort());
  });
});

describe('a change heard while a touched read is under way (issue 31)', () => {
  it('reads once more after it ends, so the change is not lost in the older answer', async () => {
    const { QueryObserver } = await import('@tanstack/react-query');
    const client = new QueryClient();
    // The server's rows: the read that is under way answers what it saw when it started.
    let rows = 1;
    const gates: Array<() => void> = [];
    let reads = 0;
    const key = poolActivityQueryOptions(10).queryKey;
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => {
        reads += 1;
        const seen = rows;
        return new Promise<number>((resolve) => gates.push(() => resolve(seen)));
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await Promise.resolve();
    expect(reads).toBe(1);
    // A swap is stored, and its change arrives while the first read is still out.
    rows = 2;
    void applyStreamChange(client, { topic: 'pool', project_id: 1, pool_ids: [10], block: '100' });
    void applyStreamChange(client, { topic: 'pool', project_id: 1, pool_ids: [10], block: '101' });
    expect(reads).toBe(1); // joined, not restarted
    gates.shift()!();
    await vi.waitFor(() => expect(reads).toBe(2)); // one follow-up for both changes
    gates.shift()!();
    await vi.waitFor(() => expect(client.getQueryData(key)).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(2);
    unsubscribe();
  });

  it('does not read again for a query no longer on screen', async () => {
    const { QueryObserver } = await import('@tanstack/react-query');
    const client = new QueryClient();
    let reads = 0;
    const gates: Array<() => void> = [];
    const key = poolActivityQueryOptions(10).queryKey;
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => {
        reads += 1;
        return new Promise<number>((resolve) => gates.push(() => resolve(reads)));
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await Promise.resolve();
    void applyStreamChange(client, { topic: 'pool', project_id: 1, pool_ids: [10], block: '100' });
    unsubscribe();
    gates.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(1);
  });
});
