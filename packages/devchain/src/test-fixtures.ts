import { getAddress, parseAbi, type Abi, type Address, type Hash } from 'viem';
import { devnetAddresses } from './addresses.js';
import { erc20Abi, uniswapV2FactoryAbi, uniswapV3FactoryAbi, wethAbi } from './abis.js';
import { assertDevnet, mined, type DevnetClients } from './client.js';
import * as contracts from './generated/contracts.js';
import { holderTestToken } from './generated/contracts.js';
import { sendContractTx } from './swap.js';

/**
 * Devnet-only fixtures for tests, end-to-end tests and benchmarks. Every write checks first that
 * the chain is the local devnet (chain id 31337); nothing here can reach a real network.
 */

/** Deploys a fresh HolderTestToken whose whole supply starts with `from` (an anvil dev account). */
export async function deployHolderTestToken(
  clients: DevnetClients,
  from: Address,
  supply: bigint,
): Promise<{ address: Address; blockNumber: bigint }> {
  await assertDevnet(clients);
  const hash = await clients.wallet.deployContract({
    abi: holderTestToken.abi as Abi,
    bytecode: holderTestToken.bytecode,
    args: [supply],
    account: from,
    chain: clients.wallet.chain,
  });
  const receipt = await mined(clients, hash);
  return { address: getAddress(receipt.contractAddress!), blockNumber: receipt.blockNumber };
}

/** One HolderTestToken transfer from a dev account; `times` > 1 repeats it inside one transaction. */
export async function transferTestToken(
  clients: DevnetClients,
  token: Address,
  from: Address,
  to: Address,
  value: bigint,
  times = 1,
): Promise<Hash> {
  await assertDevnet(clients);
  const call =
    times === 1
      ? { address: token, abi: holderTestToken.abi as Abi, functionName: 'transfer', args: [to, value] }
      : {
          address: token,
          abi: holderTestToken.abi as Abi,
          functionName: 'transferRepeated',
          args: [to, value, BigInt(times)],
        };
  const hash = await sendContractTx(clients, from, call);
  await mined(clients, hash);
  return hash;
}

/**
 * Creates a new, empty pool of two tokens on the devnet's Uniswap V2 or V3 factory (as anyone on
 * a real chain can), for the new-pool watch. Returns the pool address.
 */
export async function createPoolOnDevnet(
  clients: DevnetClients,
  pool: { version: 'v2' | 'v3'; tokenA: Address; tokenB: Address; fee?: number; from?: Address },
): Promise<{ address: Address; hash: Hash }> {
  await assertDevnet(clients);
  const from = pool.from ?? devnetAddresses.deployer;
  const call =
    pool.version === 'v2'
      ? {
          address: devnetAddresses.uniswapV2Factory,
          abi: uniswapV2FactoryAbi as Abi,
          functionName: 'createPair',
          args: [pool.tokenA, pool.tokenB],
        }
      : {
          address: devnetAddresses.uniswapV3Factory,
          abi: uniswapV3FactoryAbi as Abi,
          functionName: 'createPool',
          args: [pool.tokenA, pool.tokenB, pool.fee ?? 3000],
        };
  const hash = await sendContractTx(clients, from, call);
  await mined(clients, hash);
  const address =
    pool.version === 'v2'
      ? await clients.public.readContract({
          address: devnetAddresses.uniswapV2Factory,
          abi: uniswapV2FactoryAbi,
          functionName: 'getPair',
          args: [pool.tokenA, pool.tokenB],
        })
      : await clients.public.readContract({
          address: devnetAddresses.uniswapV3Factory,
          abi: uniswapV3FactoryAbi,
          functionName: 'getPool',
          args: [pool.tokenA, pool.tokenB, pool.fee ?? 3000],
        });
  return { address: getAddress(address as Address), hash };
}

/** The test-only contracts of contracts/DevnetContracts.sol that tests may deploy by name. */
export const testContracts = {
  oddMetadataToken: contracts.oddMetadataToken,
  silentMintToken: contracts.silentMintToken,
  unindexedTransferToken: contracts.unindexedTransferToken,
  rebasingToken: contracts.rebasingToken,
  forwardingProxyToken: contracts.forwardingProxyToken,
  proxiedTokenBackend: contracts.proxiedTokenBackend,
  feeOnTransferToken: contracts.feeOnTransferToken,
  holderTestToken: contracts.holderTestToken,
} as const;
export type TestContractName = keyof typeof testContracts;

/**
 * Deploys one of the hostile or unconventional test tokens (see contracts/DevnetContracts.sol)
 * from a dev account, e.g. `deployTestContract(c, alice, 'oddMetadataToken', ['Name\0', 'SYM', false, 10n ** 24n])`.
 */
export async function deployTestContract(
  clients: DevnetClients,
  from: Address,
  name: TestContractName,
  args: readonly unknown[],
): Promise<{ address: Address; blockNumber: bigint; hash: Hash }> {
  await assertDevnet(clients);
  const artifact = testContracts[name];
  const hash = await clients.wallet.deployContract({
    abi: artifact.abi as Abi,
    bytecode: artifact.bytecode,
    args: args as unknown[],
    account: from,
    chain: clients.wallet.chain,
  });
  const receipt = await mined(clients, hash);
  return { address: getAddress(receipt.contractAddress!), blockNumber: receipt.blockNumber, hash };
}

/** Calls a state-changing function of a deployed test contract from a dev account and waits for it. */
export async function callTestContract(
  clients: DevnetClients,
  from: Address,
  name: TestContractName,
  address: Address,
  functionName: string,
  args: readonly unknown[],
): Promise<Hash> {
  await assertDevnet(clients);
  const hash = await sendContractTx(clients, from, {
    address,
    abi: testContracts[name].abi as Abi,
    functionName,
    args: args as unknown[],
  });
  await mined(clients, hash);
  return hash;
}

const pairMintAbi = parseAbi(['function mint(address to) returns (uint256 liquidity)']);

/**
 * Liquidity in a Uniswap V2 pair of a test token and WETH, the way the router itself adds it: both
 * amounts are transferred to the pair, which then mints. Works for test tokens without approve()
 * (OddMetadataToken). `from` wraps `wethAmount` of its ETH first.
 */
export async function fundV2PairWithWeth(
  clients: DevnetClients,
  pair: { address: Address; token: Address; tokenAmount: bigint; wethAmount: bigint; from: Address },
): Promise<void> {
  await assertDevnet(clients);
  const weth = devnetAddresses.weth;
  const send = async (call: Parameters<typeof sendContractTx>[2]) =>
    mined(clients, await sendContractTx(clients, pair.from, call));
  await send({ address: weth, abi: wethAbi as Abi, functionName: 'deposit', args: [], value: pair.wethAmount });
  await send({ address: weth, abi: erc20Abi as Abi, functionName: 'transfer', args: [pair.address, pair.wethAmount] });
  await send({
    address: pair.token,
    abi: erc20Abi as Abi,
    functionName: 'transfer',
    args: [pair.address, pair.tokenAmount],
  });
  await send({ address: pair.address, abi: pairMintAbi as Abi, functionName: 'mint', args: [pair.from] });
}
