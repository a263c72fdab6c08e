/**
 * The timed part of the scale bench: the routes a heavy user's browser calls, each requested
 * one after another (warm-up first), with p50/p95/max per route. `get` is a real HTTP request
 * on loopback or an app.inject, so every figure includes routing, auth, database and JSON.
 */
import { performance } from 'node:perf_hooks';
import { percentile } from '../lib/report';

export type Get = (path: string) => Promise<{ status: number; body: string }>;

export interface RouteTiming {
  name: string;
  /** False for the list pages' routes: shown, not held to the target. */
  target?: boolean;
  samples: number[];
  bytes: number;
  p50: number;
  p95: number;
  max: number;
}

/** Terms a user would type; several, so no single query plan or result is all we measure. */
export const SEARCH_TERMS = [
  'nova',
  'swap',
  'quantum labs',
  'orbit',
  'alp',
  'dao 7',
  'echo',
  'zen fin',
  'ion chain',
  'cash 9',
];

export interface Route {
  name: string;
  path: string;
  /** Held to the 20 ms target: what the dashboard and every page ask for. */
  target: boolean;
}

export const ROUTES: Route[] = [
  { name: 'GET projects/summary/ (dashboard)', path: '/api/v1/projects/summary/', target: true },
  { name: 'GET projects/user/pools/summary/ (dashboard)', path: '/api/v1/projects/user/pools/summary/', target: true },
  {
    name: 'GET projects/user/pools/funds/?limit=5 (dashboard)',
    path: '/api/v1/projects/user/pools/funds/?limit=5',
    target: true,
  },
  { name: 'GET projects/alerts/summary/ (dashboard)', path: '/api/v1/projects/alerts/summary/', target: true },
  { name: 'GET projects/pool/prices/ (prices panel, 50)', path: '/api/v1/projects/pool/prices/', target: true },
  { name: 'GET user/info/ (every page)', path: '/api/v1/user/info/', target: true },
  { name: 'GET projects/notifications/ (bell)', path: '/api/v1/projects/notifications/', target: true },
  // The list pages, paged on the server (decision 0026): the first page of 50 and a search.
  { name: 'GET projects/ (/projects, first page of 50)', path: '/api/v1/projects/', target: true },
  { name: 'GET projects/?q=nova (/projects search)', path: '/api/v1/projects/?q=nova', target: true },
  {
    name: 'GET projects/user/pools/funds/ (/funds, first 50)',
    path: '/api/v1/projects/user/pools/funds/',
    target: true,
  },
  {
    name: 'GET projects/user/pools/funds/?q=usdc (/funds search)',
    path: '/api/v1/projects/user/pools/funds/?q=usdc',
    target: true,
  },
  {
    name: 'GET projects/user/pools/?q=orbit (alert form select)',
    path: '/api/v1/projects/user/pools/?q=orbit',
    target: true,
  },
  {
    name: 'GET projects/user/pools/?project=… (one project’s pools)',
    path: '/api/v1/projects/user/pools/?project=500',
    target: true,
  },
  { name: 'GET projects/500/pools/ (a project’s pools)', path: '/api/v1/projects/500/pools/', target: true },
  // /alerts, paged since round 15: the first page and a search that matches few of the 1,000 (it reads them all).
  { name: 'GET projects/alerts/ (/alerts, first page of 50)', path: '/api/v1/projects/alerts/', target: true },
  { name: 'GET projects/alerts/?q=nova (/alerts search)', path: '/api/v1/projects/alerts/?q=nova', target: true },
];

async function timed(get: Get, path: string): Promise<{ ms: number; body: string }> {
  const start = performance.now();
  const res = await get(path);
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body.slice(0, 300)}`);
  return { ms, body: res.body };
}

function summary(name: string, samples: number[], bytes: number): RouteTiming {
  return {
    name,
    samples,
    bytes,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: Math.max(...samples),
  };
}

/** `paths(i)` gives the i-th request's path; `warmup` requests are made first and not counted. */
export async function measure(
  get: Get,
  name: string,
  paths: (i: number) => string,
  samples: number,
  warmup = 20,
): Promise<RouteTiming> {
  for (let i = 0; i < warmup; i++) await timed(get, paths(i));
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < samples; i++) {
    const { ms, body } = await timed(get, paths(i));
    times.push(ms);
    bytes = Buffer.byteLength(body);
  }
  return summary(name, times, bytes);
}

/**
 * Keyset paging from `cursor` on: each sample is the next page (following next_cursor), so the
 * samples walk `samples` pages further down the list. `key` is the list's field in the answer.
 */
export async function measurePaging(
  get: Get,
  name: string,
  route: string,
  key: 'events' | 'pools' | 'projects' | 'alerts',
  cursor: string,
  limit: number,
  samples: number,
): Promise<RouteTiming> {
  let next: string | null = cursor;
  const sep = route.includes('?') ? '&' : '?';
  const page = async () => {
    const res = await timed(get, `${route}${sep}limit=${limit}&cursor=${encodeURIComponent(next!)}`);
    const body = JSON.parse(res.body) as Record<string, unknown[]> & { next_cursor: string | null };
    if (body[key]!.length !== limit) throw new Error(`${route}: a page of ${body[key]!.length} rows, not ${limit}`);
    // At the end of the list, start again from the first cursor: every sample is a full page that deep.
    next = body.next_cursor ?? cursor;
    return res;
  };
  for (let i = 0; i < 5; i++) await page();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < samples; i++) {
    const res = await page();
    times.push(res.ms);
    bytes = Buffer.byteLength(res.body);
  }
  return summary(name, times, bytes);
}
