import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { poolSchema, type Pool, type PoolPage } from '@tokendesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, installPendingFetch, until, type PendingRequest } from '../../../test/pending-fetch';
import { buildPool, buildProject } from '../../../testing/data-generators';
import { poolOptionsQueryOptions } from './get-pool-options';

/** A pool as the server answers it (only the fields the select reads differ between pools). */
const project = buildProject();
function pool(id: number, symbol: string): Pool {
  const { token } = buildPool(project);
  return buildPool(project, { id, token: { ...token, id: symbol.toLowerCase(), name: symbol, symbol } });
}

let requests: PendingRequest[];

beforeEach(() => {
  requests = installPendingFetch().requests;
});

afterEach(() => vi.unstubAllGlobals());

function request(q: string | null, cursor: string | null = null): PendingRequest {
  const found = requests.find((r) => r.url.searchParams.get('q') === q && r.url.searchParams.get('cursor') === cursor);
  if (!found) throw new Error(`no request for q=${q} cursor=${cursor}: ${requests.map((r) => r.url.search).join(' ')}`);
  return found;
}

const symbolsOf = (data: InfiniteData<PoolPage> | undefined) =>
  data?.pages.flatMap((page) => page.pools.map((p) => p.token.symbol));

describe('the alert form’s pool options', () => {
  it('use a pool the contract accepts (else every answer below would fail validation)', () => {
    expect(poolSchema.safeParse(pool(1, 'WETH')).success).toBe(true);
  });

  it('ask the pools route with the text, a page size and no chain reads', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(client, poolOptionsQueryOptions('weth'));
    const unsubscribe = observer.subscribe(() => {});
    await until(() => requests.length === 1);
    const [first] = requests;
    expect(first?.url.pathname).toBe('/api/v1/projects/user/pools/');
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toEqual({ q: 'weth', limit: '50' });
    unsubscribe();
  });

  it('page with the cursor of the previous answer and stop when next_cursor is null', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(client, poolOptionsQueryOptions(''));
    const unsubscribe = observer.subscribe(() => {});
    await until(() => requests.length === 1);
    expect(request(null).url.searchParams.has('q')).toBe(false);
    request(null).answer({ pools: [pool(3, 'USDC'), pool(2, 'WETH')], next_cursor: 'c1' });
    await until(() => observer.getCurrentResult().hasNextPage);
    void observer.fetchNextPage();
    await until(() => requests.length === 2);
    request(null, 'c1').answer({ pools: [pool(1, 'USDT')], next_cursor: null });
    await until(() => observer.getCurrentResult().data?.pages.length === 2);
    expect(symbolsOf(observer.getCurrentResult().data)).toEqual(['USDC', 'WETH', 'USDT']);
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    unsubscribe();
  });

  it('never show an older text’s answer that arrives after the newer one', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(client, poolOptionsQueryOptions('w'));
    const seen: (string[] | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(symbolsOf(result.data)));
    await until(() => requests.length === 1);

    // The user types on before 'w' is answered.
    observer.setOptions(poolOptionsQueryOptions('weth'));
    await until(() => requests.length === 2);

    request('weth').answer({ pools: [pool(2, 'WETH')], next_cursor: null });
    await until(() => symbolsOf(observer.getCurrentResult().data)?.[0] === 'WETH');

    // The slow answer for 'w' comes last.
    request('w').answer({ pools: [pool(2, 'WETH'), pool(9, 'WBTC')], next_cursor: 'more' });
    await flush();
    await flush();
    expect(symbolsOf(observer.getCurrentResult().data)).toEqual(['WETH']);
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    expect(seen.some((symbols) => symbols?.includes('WBTC'))).toBe(false);
    unsubscribe();
  });

  it('keep the previous text’s options, marked as placeholder, until the new answer is in', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(client, poolOptionsQueryOptions('u'));
    const unsubscribe = observer.subscribe(() => {});
    await until(() => requests.length === 1);
    request('u').answer({ pools: [pool(3, 'USDC'), pool(4, 'USDT')], next_cursor: null });
    await until(() => observer.getCurrentResult().isSuccess);

    observer.setOptions(poolOptionsQueryOptions('usdt'));
    await until(() => requests.length === 2);
    const waiting = observer.getCurrentResult();
    expect(waiting.isPlaceholderData).toBe(true);
    expect(symbolsOf(waiting.data)).toEqual(['USDC', 'USDT']);

    request('usdt').answer({ pools: [pool(4, 'USDT')], next_cursor: null });
    await until(() => !observer.getCurrentResult().isPlaceholderData);
    expect(symbolsOf(observer.getCurrentResult().data)).toEqual(['USDT']);
    unsubscribe();
  });
});
