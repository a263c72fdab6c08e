/**
 * The bench user, made through the real API: register, sign in (a bearer token, as the web app
 * uses), then the projects and pools, each read and verified on the devnet by the server itself.
 */
import type { ProjectPool, ProjectToken } from '../lib/devnet-projects';

export const BENCH_PASSWORD = 'violet-harbour-92-lantern';

async function call(url: string, init: RequestInit & { expect: number }): Promise<unknown> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (res.status !== init.expect)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

export async function createBenchUser(
  base: string,
  username: string,
  tokens: ProjectToken[],
  pools: ProjectPool[],
): Promise<{ token: string }> {
  const api = `${base}/api/v1`;
  const json = { 'content-type': 'application/json' };
  await call(`${api}/user/register/`, {
    method: 'POST',
    headers: json,
    expect: 201,
    body: JSON.stringify({
      full_name: 'Bench User',
      email: `${username}@example.com`,
      username,
      password: BENCH_PASSWORD,
      confirm_password: BENCH_PASSWORD,
      accept_terms: true,
    }),
  });
  const login = (await call(`${api}/user/login/`, {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${BENCH_PASSWORD}`).toString('base64')}` },
    expect: 200,
  })) as { token: string };
  const auth = { ...json, authorization: `Bearer ${login.token}` };
  const projectIds: number[] = [];
  for (const t of tokens) {
    const created = (await call(`${api}/projects/create/`, {
      method: 'POST',
      headers: auth,
      expect: 201,
      body: JSON.stringify({
        network: 31337,
        contract_address: t.address,
        name: t.name,
        token_symbol: t.symbol,
        token_decimal: 18,
      }),
    })) as { id: number };
    projectIds.push(created.id);
  }
  for (const p of pools) {
    await call(`${api}/projects/pool/${projectIds[p.project]}/`, {
      method: 'POST',
      headers: auth,
      expect: 201,
      body: JSON.stringify({ dex: 'uniswap-v2', token: p.paired, pool_address: p.pair }),
    });
  }
  return { token: login.token };
}
