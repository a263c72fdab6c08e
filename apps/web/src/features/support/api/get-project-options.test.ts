import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/auth-storage';
import { installFakeBrowser } from '../../../test/fake-browser';
import { ticketProjectOptionsQueryOptions } from './get-project-options';

let urls: URL[];

beforeEach(() => {
  installFakeBrowser();
  saveSession({ token: 'tok', expires_at: new Date(Date.now() + 3_600_000).toISOString() }, true);
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(new URL(url, 'http://localhost'));
      return new Promise<Response>(() => {});
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

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
