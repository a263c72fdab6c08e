import {
  poolAddressSchema,
  poolPageSchema,
  projectListSchema,
  projectMessages,
  tokenOptionSchema,
  type TokenOption,
} from '@tokendesk/contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { buildProject, devnet, devnetTokens } from '../../../testing/data-generators';
import { api, apiError } from '../../../testing/mocks/api';
import { newProjectHandlers } from '../../../testing/mocks/handlers';
import { server } from '../../../testing/mocks/server';
import { fill, renderApp, screen, within } from '../../../testing/test-utils';

// Product §2.11 and §2.13: /funds/new, moved from e2e/tests/wrong-states.spec.ts (the journey of
// adding the pool on the devnet stays there).
describe('/funds/new', () => {
  it("is where /funds's 'Add Your First Fund' leads; without a project it offers to add one", async () => {
    server.use(
      api.get('/projects/', projectListSchema, () => ({ projects: [], next_cursor: null })),
      api.get('/projects/user/pools/funds/', poolPageSchema, () => ({ pools: [], next_cursor: null })),
    );
    const { events } = renderApp('/funds');
    await events.click(await screen.findByRole('link', { name: 'Add Your First Fund' }));
    expect(await screen.findByRole('heading', { name: 'Add a Pool', level: 1 })).toBeTruthy();
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    expect(screen.queryByText('Fund not found')).toBeNull();
    await events.click(screen.getByRole('button', { name: 'Add Project' }));
    expect(await screen.findByRole('dialog', { name: 'Add Project' })).toBeTruthy();
  });

  it('choosing the project opens Add Pool on its DEX field; Escape gives focus back to the project chosen', async () => {
    const project = buildProject({ name: 'Demo Token', token_symbol: 'DEMO' });
    server.use(api.get('/projects/', projectListSchema, () => ({ projects: [project], next_cursor: null })));
    const { events } = renderApp('/funds/new');
    const list = await screen.findByRole('list', { name: 'Your projects' });
    expect(screen.queryByText('Fund not found')).toBeNull();
    const choice = within(list).getByRole('button', { name: new RegExp(project.name) });
    await events.click(choice);
    const dialog = await screen.findByRole('dialog', { name: 'Add Pool' });
    expect(dialog.textContent).toContain(project.token_symbol);
    expect(document.activeElement).toBe(within(dialog).getByLabelText('DEX'));

    await events.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Add Pool' })).toBeNull();
    expect(document.activeElement).toBe(choice);
    await events.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Add Pool' })).toBeTruthy();
  });
});

// Moved from e2e/tests/projects.spec.ts › 'Add Pool: a pair without a pool clears the address and says
// so'. The factory's answers (the DEMO/USDC pair, no DEMO/USDT pool, its 404 wording) are
// apps/server/test/projects/projects-chain.test.ts › 'finds each seeded pool, V2 and V3, and reports no pool
// for an unpaired token', on the devnet.
describe('Add Pool: the pool address', () => {
  it('a pair without a pool clears the address and says so; Add Pool waits for a valid address', async () => {
    const project = buildProject({ token_symbol: 'DEMO' });
    const usdc: TokenOption = {
      id: 'usdc',
      name: 'USD Coin',
      symbol: 'USDC',
      address: '0x4444444444444444444444444444444444444444',
      decimals: 6,
      token_logo: '/logos/tokens/usdc.svg',
    };
    const usdt: TokenOption = {
      id: 'usdt',
      name: 'Tether USD',
      symbol: 'USDT',
      address: '0x5555555555555555555555555555555555555555',
      decimals: 6,
      token_logo: '/logos/tokens/usdt.svg',
    };
    const demoUsdc = '0x6666666666666666666666666666666666666666';
    server.use(
      ...newProjectHandlers(project),
      api.get('/projects/network/:id/token-options/', z.array(tokenOptionSchema), ({ params }) =>
        Number(params.id) === devnet.id ? [...devnetTokens, usdc, usdt] : [],
      ),
      api.post('/projects/get-pool-address/', poolAddressSchema, ({ body }) => {
        const { dex_id, token_id } = body as { dex_id: string; token_id: string };
        if (dex_id === 'uniswap-v2' && token_id === 'usdc')
          return {
            pool_address: demoUsdc,
            pool_version: 'v2' as const,
            fee: null,
            shape: { stable: null, tick_spacing: null, bin_step: null, dynamic_fee: false, plugin: null },
          };
        return apiError(404, projectMessages.noPool('Uniswap V2'));
      }),
    );
    const { events } = renderApp(`/projects/${project.id}`);
    await events.click(await screen.findByRole('button', { name: 'Add First Pool' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Pool' });
    const inDialog = within(dialog);
    const address = inDialog.getByLabelText('Pool Address') as HTMLInputElement;
    const add = inDialog.getByRole('button', { name: 'Add Pool' }) as HTMLButtonElement;
    const token = inDialog.getByLabelText('Token', { exact: true });
    await events.selectOptions(inDialog.getByLabelText('DEX'), 'uniswap-v2');
    await expect.poll(() => token.querySelectorAll('option').length).toBe(4);
    await events.selectOptions(token, 'USDC · USD Coin');
    await expect.poll(() => address.value).toBe(demoUsdc);
    // DEMO/USDT has no pool.
    await events.selectOptions(token, 'USDT · Tether USD');
    expect(await inDialog.findByText(projectMessages.noPool('Uniswap V2'))).toBeTruthy();
    expect(address.value).toBe('');
    // Nothing to send: the action waits for a pool instead of answering 'Pool address is required' (issue 35 item 5).
    expect(add.disabled).toBe(true);
    fill(address, '0x1234');
    expect(add.disabled).toBe(true);
    fill(address, demoUsdc);
    expect(add.disabled).toBe(false);
    await events.clear(address);
    expect(add.disabled).toBe(true);
    expect(inDialog.queryByText(projectMessages.poolAddressRequired)).toBeNull();
    await events.selectOptions(token, 'USDC · USD Coin');
    await expect.poll(() => address.value).toBe(demoUsdc);
    expect(add.disabled).toBe(false);
    await events.click(inDialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Add Pool' })).toBeNull();
    expect(screen.getByText('No pools added yet')).toBeTruthy();
  });
});
