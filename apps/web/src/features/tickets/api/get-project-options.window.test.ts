import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, installPendingFetch } from '../../../test/pending-fetch';
import { ticketProjectOptionsQueryOptions } from './get-project-options';

let urls: URL[];

beforeEach(() => {
  // Only the requests matter here: they are never answered.
  urls = installPendingFetch().urls;
});

afterEach(() => vi.unstubAllGlobals());

// The new ticket's project select searches the server, so any project can be chosen (it used to
// list the newest 200).
describe('the new ticket’s project options', () => {
  it('search the projects route a page at a time', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const unsubscribe = new InfiniteQueryObserver(client, ticketProjectOptionsQueryOptions('old')).subscribe(() => {});
    for (let i = 0; i < 100 && urls.length === 0; i++) await flush();
    unsubscribe();
    expect(urls).toHaveLength(1);
    expect(urls[0]!.pathname).toBe('/api/v1/projects/');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ q: 'old', limit: '50' });
  });

  it('live under the projects root, so a new or deleted project refreshes them', () => {
    expect(ticketProjectOptionsQueryOptions('').queryKey[0]).toBe('projects');
  });
});
