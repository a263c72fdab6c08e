/**
 * User B of bench:fairness, in its own process so that its load does not share an event loop with
 * the timing of user A: `connections` loops, each cycling through the routes as fast as the
 * server answers, reading every body to its end. Prints one JSON line with the tally.
 *
 *   BURST='{"base":…,"token":…,"seconds":20,"connections":32,"routes":[…]}' node --import tsx bench/fairness/burst.ts
 */
export interface BurstRoute {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface BurstSpec {
  base: string;
  token: string;
  seconds: number;
  connections: number;
  routes: BurstRoute[];
}

export interface BurstTally {
  requests: number;
  bytes: number;
  /** Per route name, per status code ('error' when no answer came). */
  statuses: Record<string, Record<string, number>>;
}

const spec = JSON.parse(process.env.BURST ?? '') as BurstSpec;
const tally: BurstTally = { requests: 0, bytes: 0, statuses: {} };
const deadline = Date.now() + spec.seconds * 1000;

async function loop(c: number): Promise<void> {
  for (let step = c; Date.now() < deadline; step++) {
    const route = spec.routes[step % spec.routes.length]!;
    let status = 'error';
    try {
      const res = await fetch(spec.base + route.path, {
        method: route.method,
        headers: {
          authorization: `Bearer ${spec.token}`,
          ...(route.body ? { 'content-type': 'application/json' } : {}),
        },
        body: route.body ? JSON.stringify(route.body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      tally.bytes += (await res.arrayBuffer()).byteLength;
      status = String(res.status);
    } catch {
      // Counted as 'error'; a burst goes on.
    }
    tally.requests++;
    const byStatus = (tally.statuses[route.name] ??= {});
    byStatus[status] = (byStatus[status] ?? 0) + 1;
  }
}

await Promise.all(Array.from({ length: spec.connections }, (_, c) => loop(c)));
process.stdout.write(`${JSON.stringify(tally)}\n`);
