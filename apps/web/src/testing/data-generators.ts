import type { DexOption, Network, Pool, Project, TokenOption, User } from '@tokendesk/contract';

/**
 * Contract-typed records for the MSW answers. Ids count up per file (each component test file runs
 * in its own worker), so two records of one test never share one.
 */
let nextId = 1;
const id = () => nextId++;

export function buildUser(overrides: Partial<User> = {}): User {
  const n = id();
  return {
    id: n,
    username: `user${n}`,
    email: `user${n}@example.com`,
    first_name: 'Ada',
    last_name: 'Lovelace',
    is_staff: false,
    email_verified: true,
    pending_email: null,
    password_change_required: false,
    ...overrides,
  };
}

export function buildProject(overrides: Partial<Project> = {}): Project {
  const n = id();
  return {
    id: n,
    name: `Demo ${n}`,
    ticker: 'DEMO',
    token_symbol: 'DEMO',
    token_decimal: 18,
    network: 31337,
    contract_address: `0x${n.toString(16).padStart(40, '0')}`,
    created_at: '2026-11-01T12:00:00.000Z',
    holder_count: null,
    holders_available: true,
    ...overrides,
  };
}

/**
 * The Local Devnet as the server lists it (apps/server/src/chain/networks.ts, devnetNetwork) with
 * its Uniswap V2 and V3 rows and WETH: the reference data the project and pool dialogs offer. The
 * addresses are placeholders (no chain is read in a component test), not the devnet's.
 */
export const devnet: Network = {
  id: 31337,
  name: 'Local Devnet',
  chain_id: 31337,
  native_symbol: 'ETH',
  network_logo: '/logos/networks/devnet.svg',
  network_explorer: '',
};

const uniswapV2: DexOption = {
  id: 'uniswap-v2',
  name: 'Uniswap V2',
  dex_logo: '/logos/dexes/uniswap.svg',
  version: 'v2',
  family: 'uniswap-v2',
  factory: '0x1111111111111111111111111111111111111111',
};
const uniswapV3: DexOption = {
  id: 'uniswap-v3',
  name: 'Uniswap V3',
  dex_logo: '/logos/dexes/uniswap.svg',
  version: 'v3',
  family: 'uniswap-v3',
  factory: '0x2222222222222222222222222222222222222222',
};
const weth: TokenOption = {
  id: 'weth',
  name: 'Wrapped Ether',
  symbol: 'WETH',
  address: '0x3333333333333333333333333333333333333333',
  decimals: 18,
  token_logo: '/logos/tokens/weth.svg',
};

export const devnetDexes: DexOption[] = [uniswapV2, uniswapV3];
export const devnetTokens: TokenOption[] = [weth];

/** A Uniswap V2 pool of `project` paired with the devnet's WETH, before any chain read (a list row). */
export function buildPool(project: Project, overrides: Partial<Pool> = {}): Pool {
  const n = id();
  const dex = uniswapV2;
  return {
    id: n,
    pool_address: `0x${(0xa000 + n).toString(16).padStart(40, '0')}`,
    pool_version: 'v2',
    fee: null,
    shape: { stable: null, tick_spacing: null, bin_step: null, dynamic_fee: false, plugin: null },
    v4: null,
    dex: { id: dex.id, name: dex.name, dex_logo: dex.dex_logo },
    token: {
      id: weth.id,
      name: weth.name,
      symbol: weth.symbol,
      token_logo: weth.token_logo,
      address: weth.address,
      decimals: weth.decimals,
    },
    project: {
      id: project.id,
      name: project.name,
      token_symbol: project.token_symbol,
      contract_address: project.contract_address,
      token_decimal: project.token_decimal,
    },
    network: {
      id: devnet.id,
      name: devnet.name,
      network_logo: devnet.network_logo,
      network_explorer: devnet.network_explorer,
    },
    pool_funds: null,
    price: null,
    price_usd: null,
    liquidity_usd: null,
    volume_24h_usd: null,
    usd: null,
    usd_unavailable_reason: null,
    change_24h: null,
    volume_24h: null,
    buys_24h: null,
    sells_24h: null,
    traders_24h: null,
    created_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}
