import solc from 'solc';
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, devnetChain as devnetViemChain } from '@tokendesk/devchain';
import { bearer, createTestContext, devnetChain, signUp, type TestContext } from '../helpers';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

/**
 * A contract that imitates a Uniswap V2 pair: it answers factory() with the real V2 factory and
 * token0()/token1() with DEMO and WETH, and even getReserves(). Only the factory's own getPair()
 * can tell it apart, so this is the case that proves the verification asks the factory.
 */
const SOURCE = `
pragma solidity 0.8.30;
contract ForgedPair {
    address public factory; address public token0; address public token1;
    constructor(address f, address t0, address t1) { factory = f; token0 = t0; token1 = t1; }
    function getReserves() external pure returns (uint112, uint112, uint32) { return (1e24, 1e18, 0); }
}`;

function compile(): { abi: Abi; bytecode: Hex } {
  const input = {
    language: 'Solidity',
    sources: { 'ForgedPair.sol': { content: SOURCE } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const contract = output.contracts['ForgedPair.sol'].ForgedPair;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

let devnet: SharedChain;
let ctx: TestContext;
let forged: Address;

// Deploying the forged pair mines a block: the file is a writer of the shared devnet. As a reader
// (what it was) it moved the chain's head under the files reading beside it, and left it moved.
beforeAll(async () => {
  devnet = await claimSharedChain('forged-pool.test.ts');
  const a = devnet.addresses;
  ctx = await createTestContext({}, { chain: devnetChain({ rpcUrl: devnet.rpcUrl }) });
  const { abi, bytecode } = compile();
  // A transaction to the local test devnet only, from a demo account anvil signs for.
  const transport = http(devnet.rpcUrl);
  const wallet = createWalletClient({ transport, account: demoAccounts[3]!, chain: devnetViemChain });
  const client = createPublicClient({ transport });
  const [t0, t1] = a.demo.toLowerCase() < a.weth.toLowerCase() ? [a.demo, a.weth] : [a.weth, a.demo];
  const hash = await wallet.deployContract({ abi, bytecode, args: [a.uniswapV2Factory, t0, t1] });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  forged = receipt.contractAddress!;
}, 600_000); // includes waiting for the chain-writer lock
afterAll(async () => {
  await ctx?.close();
  await devnet?.release();
});

describe('a forged pool', () => {
  it('claims the right factory and tokens, and is still refused: the factory does not list it', async () => {
    const user = await signUp(ctx.app);
    const auth = { authorization: bearer(user.token) };
    const project = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/projects/create/',
      headers: auth,
      payload: {
        network: 31337,
        contract_address: devnet.addresses.demo,
        name: 'Demo',
        token_symbol: 'DEMO',
        token_decimal: 18,
      },
    });
    const projectId = project.json().id as number;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/pool/${projectId}/`,
      headers: auth,
      payload: { dex: 'uniswap-v2', token: 'weth', pool_address: forged },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("Uniswap V2's factory does not list this contract as the pool of these tokens.");
    const pools = await ctx.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}/pools/`, headers: auth });
    expect(pools.json()).toEqual([]);
  });
});
