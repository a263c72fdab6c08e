import { api as endpoints, type Project, type TokenHealth } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { buildProject } from '../../../testing/data-generators';
import { apiError, mockEndpoint } from '../../../testing/mocks/api';
import { newProjectHandlers } from '../../../testing/mocks/handlers';
import { server } from '../../../testing/mocks/server';
import { renderApp, screen, within } from '../../../testing/test-utils';

/** A taxed, owned, upgradeable token with one pool whose LP is partly locked, and one honeypot-like pool. */
function flaggedHealth(project: Project): TokenHealth {
  const block = '4242';
  return {
    project_id: project.id,
    token: project.contract_address,
    block,
    ownership: {
      status: 'owned',
      owner: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      block,
      how: 'An eth_call of owner() at this block.',
    },
    privileged: {
      status: 'exposes',
      functions: [
        { category: 'mint', signature: 'mint(address,uint256)', selector: '0x40c10f19' },
        { category: 'fees', signature: 'setFees(uint256,uint256)', selector: '0x0b78f9c0' },
      ],
      block,
      how: 'The 4-byte selectors of common privileged functions, looked for in the runtime code.',
    },
    proxy: {
      status: 'upgradeable',
      standard: 'eip1967',
      implementation: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      admin: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      beacon: null,
      block,
      how: 'eth_getStorageAt of the EIP-1967 slots.',
    },
    trading: [
      {
        pool_id: 1,
        pool_address: '0x34221076d77ae2aee654b62cb0ce79f22202b0df',
        dex_name: 'Uniswap V2',
        paired_symbol: 'WETH',
        status: 'sellable',
        buy_tax_pct: 5,
        sell_tax_pct: 10,
        block,
        how: 'A simulated buy and sell.',
      },
      {
        pool_id: 2,
        pool_address: '0x8b09811c655369c57c553cafee703ee6a077084e',
        dex_name: 'Uniswap V2',
        paired_symbol: 'USDC',
        status: 'sell_reverts',
        buy_tax_pct: 0,
        sell_tax_pct: null,
        block,
        how: 'The sell reverted.',
      },
    ],
    liquidity: [
      {
        pool_id: 1,
        pool_address: '0x34221076d77ae2aee654b62cb0ce79f22202b0df',
        dex_name: 'Uniswap V2',
        paired_symbol: 'WETH',
        status: 'measured',
        burned_pct: 0,
        locked_pct: 80,
        locks: [
          {
            locker_name: 'Devnet LP locker (UNCX V2 interface)',
            locker_address: '0x0000000000000000000000000000000000001234',
            share_pct: 80,
            unlock_at: '2027-05-27T12:00:00.000Z',
          },
        ],
        deployer: null,
        deployer_in_range_pct: null,
        block,
        how: 'balanceOf of the burn addresses and the lockers.',
      },
      {
        pool_id: 2,
        pool_address: '0x8b09811c655369c57c553cafee703ee6a077084e',
        dex_name: 'Uniswap V2',
        paired_symbol: 'USDC',
        status: 'measured',
        burned_pct: 0,
        locked_pct: 0,
        locks: [],
        deployer: null,
        deployer_in_range_pct: null,
        block,
        how: 'balanceOf.',
      },
      {
        pool_id: 3,
        pool_address: '0xe61cc4b85e8b7fc79c2b72e6c8cca2d9c6a45cd4',
        dex_name: 'Uniswap V3',
        paired_symbol: 'WETH',
        status: 'measured',
        burned_pct: null,
        locked_pct: null,
        locks: [],
        deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        deployer_in_range_pct: 62.5,
        block,
        how: "The pool's liquidity() and the deployer's NFT positions.",
      },
    ],
  };
}

async function card() {
  return within((await screen.findByRole('heading', { name: 'Token health' })).closest('section')!);
}

describe('the Token health card', () => {
  it('a plain token: no owner, none found, not a proxy — no warning words — and a hint to add a pool', async () => {
    const project = buildProject({ token_symbol: 'PLAIN' });
    server.use(...newProjectHandlers(project));
    renderApp(`/projects/${project.id}`);
    const c = await card();
    expect(await c.findByText('No owner')).toBeTruthy();
    expect(c.getByText('None found')).toBeTruthy();
    expect(c.getByText('Not a proxy')).toBeTruthy();
    expect(c.queryByText(/Exposes|Cannot be|Taxed|Upgradeable proxy|Has an owner/)).toBeNull();
    expect(c.getByText(/Add a pool to this project/)).toBeTruthy();
  });

  it('says what the code exposes, the measured taxes, an unsellable pool and the lock, each with its block and how we know', async () => {
    const project = buildProject({ token_symbol: 'TAX' });
    // The first matching handler answers: the card's own before the new project's defaults.
    server.use(
      mockEndpoint(endpoints.tokenHealth.card, () => flaggedHealth(project)),
      ...newProjectHandlers(project),
    );
    const { events } = renderApp(`/projects/${project.id}`);
    const c = await card();
    expect(await c.findByText('Has an owner')).toBeTruthy();
    expect(c.getByText('Exposes 2 kinds')).toBeTruthy();
    expect(
      c.getByText('Mint new tokens, Set fees or taxes: mint(address,uint256), setFees(uint256,uint256).'),
    ).toBeTruthy();
    expect(c.getByText('Upgradeable proxy')).toBeTruthy();
    expect(c.getByText(/by the admin 0x7099\.\.\.79c8/)).toBeTruthy();
    expect(c.getByText('Taxed')).toBeTruthy();
    expect(c.getByText('Buy tax 5 %, sell tax 10 % in a simulated trade.')).toBeTruthy();
    expect(c.getByText('Cannot be sold')).toBeTruthy();
    expect(c.getByText('0 % burned, 80 % locked')).toBeTruthy();
    expect(c.getByText(/80 % in Devnet LP locker \(UNCX V2 interface\) until/)).toBeTruthy();
    expect(c.getByText('Not burned or locked')).toBeTruthy();
    expect(c.getByText('Deployer holds 62.50 % of in-range liquidity')).toBeTruthy();
    expect(c.getByText(/The deployer 0xf39F\.\.\.2266 can withdraw that share/)).toBeTruthy();
    // One disclosure per line (3 contract lines, 2 trades, 3 pools), each naming the block.
    const disclosures = c.getAllByText('How we know');
    expect(disclosures).toHaveLength(8);
    await events.click(disclosures[0]!);
    expect(c.getByText('An eth_call of owner() at this block. Read at block 4242.')).toBeTruthy();
  });

  it('an error from the server shows its message and a retry', async () => {
    const project = buildProject();
    server.use(
      mockEndpoint(endpoints.tokenHealth.card, () =>
        apiError(503, 'The Local Devnet node is not reachable right now. Please try again later.'),
      ),
      ...newProjectHandlers(project),
    );
    renderApp(`/projects/${project.id}`);
    const c = await card();
    expect(
      await c.findByText('The Local Devnet node is not reachable right now. Please try again later.'),
    ).toBeTruthy();
    expect(c.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
