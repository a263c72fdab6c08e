import {
  projectListSchema,
  projectMessages,
  projectSchema,
  ticketPageSchema,
  tokenInfoSchema,
} from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { api, apiError } from '../../../testing/mocks/api';
import { server } from '../../../testing/mocks/server';
import { fill, renderApp, screen, within } from '../../../testing/test-utils';

const demo = {
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  name: 'Demo Token',
  symbol: 'DEMO',
  decimals: 18,
};
const notAToken = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const wallet = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
// The server's words for those two (apps/server/src/chain/token-info.ts; apps/server/test/projects/projects-chain.test.ts
// › 'refuses a wallet address and a contract that is not a token, clearly' checks them on the devnet).
const notATokenReason = 'This contract is not an ERC-20 token: it does not answer decimals() and totalSupply().';
const walletReason =
  'There is no contract at this address on Local Devnet. It may be a wallet address, or the token is on another network.';

// Moved from e2e/tests/projects.spec.ts › 'validation and token-info errors' (product §4, decision 0057).
describe('Add Project: validation and token-info errors', () => {
  it('missing fields, an invalid address, not a token, a wallet address, read-only name and symbol, decimals out of range', async () => {
    const created: unknown[] = [];
    server.use(
      api.get('/user/tickets/', ticketPageSchema, () => ({ tickets: [], next_cursor: null })),
      api.get('/projects/', projectListSchema, () => ({ projects: [], next_cursor: null })),
      api.post('/projects/get-token-info/', tokenInfoSchema, ({ body }) => {
        const address = (body as { contract_address: string }).contract_address.toLowerCase();
        if (address === demo.address.toLowerCase())
          return { name: demo.name, symbol: demo.symbol, decimals: demo.decimals };
        if (address === notAToken.toLowerCase()) return apiError(400, notATokenReason);
        return apiError(400, walletReason);
      }),
      api.post('/projects/create/', projectSchema, ({ body }) => {
        created.push(body);
        return apiError(500, 'not expected');
      }),
    );
    const { events } = renderApp('/support');
    await events.click(await screen.findByRole('button', { name: 'New Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Project' });
    const inDialog = within(dialog);
    const address = inDialog.getByRole('textbox', { name: 'Contract Address' });
    const network = inDialog.getByLabelText('Network');
    const fetchInfo = () => events.click(inDialog.getByRole('button', { name: 'Fetch Token Info' }));
    const addProject = () => events.click(inDialog.getByRole('button', { name: 'Add Project' }));
    const value = (label: string) => (inDialog.getByLabelText(label) as HTMLInputElement).value;
    const typeAddress = async (text: string) => {
      fill(address, text);
    };

    await fetchInfo();
    expect(await inDialog.findByText(projectMessages.fetchNeedsNetworkAndAddress)).toBeTruthy();

    // First failure in form order (product §4), on the field it concerns.
    await addProject();
    expect((await inDialog.findByRole('alert')).textContent).toBe(projectMessages.networkRequired);
    expect(document.activeElement).toBe(network);
    await events.selectOptions(network, 'Local Devnet');
    await typeAddress('0x1234');
    await addProject();
    expect((await inDialog.findByRole('alert')).textContent).toBe(projectMessages.addressInvalid);
    expect(document.activeElement).toBe(address);

    // A contract without ERC-20 methods: the generic message and the server's reason; fields cleared.
    await typeAddress(demo.address);
    await fetchInfo();
    await expect.poll(() => value('Name')).toBe(demo.name);
    await typeAddress(notAToken);
    await fetchInfo();
    expect(await inDialog.findByText(projectMessages.tokenInfoFailed)).toBeTruthy();
    expect(inDialog.getByText(notATokenReason)).toBeTruthy();
    expect([value('Name'), value('Symbol'), value('Decimals')]).toEqual(['', '', '']);

    // A wallet (no code at all).
    await typeAddress(wallet);
    await fetchInfo();
    expect(await inDialog.findByText(/wallet/i)).toBeTruthy();
    expect(inDialog.getByText(projectMessages.tokenInfoFailed)).toBeTruthy();

    // Name and symbol are the contract's: read-only, filled by Fetch Token Info (decision 0057).
    await typeAddress(demo.address);
    await fetchInfo();
    await expect.poll(() => value('Symbol')).toBe(demo.symbol);
    expect((inDialog.getByLabelText('Name') as HTMLInputElement).readOnly).toBe(true);
    expect((inDialog.getByLabelText('Symbol') as HTMLInputElement).readOnly).toBe(true);
    // Decimals must be a whole number from 0 to 36.
    const decimals = inDialog.getByLabelText('Decimals');
    fill(decimals, '37');
    await addProject();
    expect((await inDialog.findByRole('alert')).textContent).toBe(projectMessages.decimalsInvalid);
    expect(document.activeElement).toBe(decimals);
    expect(created).toEqual([]);
  });
});
