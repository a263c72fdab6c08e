import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, installPendingFetch } from '../../../test/pending-fetch';
import {
  filterPoolQueryOptions,
  filterProjectQueryOptions,
  poolFilterOptionsQueryOptions,
  projectFilterOptionsQueryOptions,
} from './get-filter-options';

let urls: URL[];

beforeEach(() => {
  // Only the requests matter here: they are never answered.
  urls = installPendingFetch().urls;
});

afterEach(() => vi.unstubAllGlobals());

async function firstRequest(
  observe: (client: QueryClient) => { subscribe: (listener: () => void) => () => void },
): Promise<URL> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const unsubscribe = observe(client).subscribe(() => {});
  for (let i = 0; i < 100 && urls.length === 0; i++) await flush();
  unsubscribe();
  expect(urls).toHaveLength(1);
  return urls[0]!;
}

// The filters search the server's paged lists, so any of thousands of projects and pools can be
// chosen (they used to list the newest 200 loaded on the page).
describe('the activity filters’ options', () => {
  it('search the projects route a page at a time', async () => {
    const url = await firstRequest(
      (client) => new InfiniteQueryObserver(client, projectFilterOptionsQueryOptions('old')),
    );
    expect(url.pathname).toBe('/api/v1/projects/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'old', limit: '50' });
  });

  it('search the pools route a page at a time, within the chosen project', async () => {
    const url = await firstRequest(
      (client) => new InfiniteQueryObserver(client, poolFilterOptionsQueryOptions('weth', 12)),
    );
    expect(url.pathname).toBe('/api/v1/projects/user/pools/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'weth', project: '12', limit: '50' });
  });

  it('ask for no search and no project when none is given', async () => {
    const url = await firstRequest(
      (client) => new InfiniteQueryObserver(client, poolFilterOptionsQueryOptions('', undefined)),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({ limit: '50' });
  });

  it('name a project or pool chosen in the address from its own route', async () => {
    expect((await firstRequest((client) => new QueryObserver(client, filterProjectQueryOptions(7)))).pathname).toBe(
      '/api/v1/projects/7/',
    );
    urls.length = 0;
    expect((await firstRequest((client) => new QueryObserver(client, filterPoolQueryOptions(9)))).pathname).toBe(
      '/api/v1/projects/user/pools/funds/9/',
    );
  });

  it('keep pools and projects apart from other screens’ entries (one per text and project)', () => {
    expect(poolFilterOptionsQueryOptions('a', 1).queryKey).not.toEqual(poolFilterOptionsQueryOptions('a', 2).queryKey);
    expect(poolFilterOptionsQueryOptions('a', undefined).queryKey[0]).toBe('pools');
    expect(projectFilterOptionsQueryOptions('a').queryKey[0]).toBe('projects');
  });
});
