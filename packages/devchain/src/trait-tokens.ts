import {
  concat,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  keccak256,
  maxUint256,
  parseAbi,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { BURN_ADDRESS, CREATE2_DEPLOYER, devnetAddresses } from './addresses.js';
import { assertDevnet, mined, type DevnetClients } from './client.js';
import * as traits from './generated/trait-tokens.js';
import { sendContractTx } from './swap.js';
import { createPoolOnDevnet, fundV2PairWithWeth } from './test-fixtures.js';

/*
 * Devnet-only: tokens with the traits of the 'Token health' card (contracts/DevnetTraitTokens.sol,
 * issue 34), each in a Uniswap V2 pool with WETH, and a liquidity locker with UNCX V2's interface.
 * Tests deploy them into the shared devnet (and revert it afterwards); nothing here can reach a
 * real network (assertDevnet before every write).
 */

/** The locker's CREATE2 salt: its address is then the same on every devnet, so the server can list it. */
const LOCKER_SALT: Hex = '0x746f6b656e6465736b2d6c702d6c6f636b657200000000000000000000000000';

/** The devnet's liquidity locker (DevnetLiquidityLocker), at a fixed address whether or not it is deployed yet. */
export const devnetLiquidityLocker: Address = getContractAddress({
  opcode: 'CREATE2',
  from: CREATE2_DEPLOYER,
  salt: LOCKER_SALT,
  bytecodeHash: keccak256(traits.devnetLiquidityLocker.bytecode),
});

/** Deploys the locker through the deterministic deployer unless it is there already. */
export async function ensureDevnetLiquidityLocker(clients: DevnetClients, from: Address): Promise<Address> {
  await assertDevnet(clients);
  const code = await clients.public.getCode({ address: devnetLiquidityLocker });
  if (code && code !== '0x') return devnetLiquidityLocker;
  const hash = await clients.wallet.sendTransaction({
    account: from,
    chain: clients.wallet.chain,
    to: CREATE2_DEPLOYER,
    data: concat([LOCKER_SALT, traits.devnetLiquidityLocker.bytecode]),
    gas: 3_000_000n,
  });
  await mined(clients, hash);
  return devnetLiquidityLocker;
}

export interface TraitToken {
  address: Address;
  /** Its Uniswap V2 pool with WETH (none for the garbage contract). */
  pair: Address;
  deployBlock: bigint;
}

export interface TraitWorld {
  deployer: Address;
  plain: TraitToken;
  taxed: TraitToken & { buyBps: number; sellBps: number };
  honeypot: TraitToken;
  pausable: TraitToken;
  blacklist: TraitToken;
  mintable: TraitToken;
  /** A MintableTraitToken whose owner renounced; 80 % of its LP locked, the rest with the deployer. */
  renounced: TraitToken & { lockedShare: number; unlockDate: bigint };
  /** The EIP-1967 proxy (the token's address) and its logic; the deployer is its admin. */
  upgradeable: TraitToken & { logic: Address; admin: Address };
  /** Reverts or answers garbage to every call. */
  garbage: { address: Address };
  locker: Address;
}

const ownedAbi = parseAbi([
  'function setPair(address)',
  'function renounceOwnership()',
  'function approve(address, uint256) returns (bool)',
  'function transfer(address, uint256) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]);
const lockerAbi = parseAbi(['function lockLPToken(address, uint256, uint256, address, bool, address) payable']);

const SUPPLY = 1_000_000n * 10n ** 18n;
/** Each pool: 100,000 tokens against 10 WETH. */
const POOL_TOKENS = 100_000n * 10n ** 18n;
const POOL_WETH = 10n * 10n ** 18n;
export const TRAIT_BUY_BPS = 500;
export const TRAIT_SELL_BPS = 1000;
/** The renounced token's LP share put in the locker, in basis points. */
const LOCKED_BPS = 8000n;
const LOCK_DAYS = 180n;

async function deploy(
  clients: DevnetClients,
  from: Address,
  artifact: { abi: readonly unknown[]; bytecode: Hex },
  args: readonly unknown[],
) {
  const hash = await clients.wallet.deployContract({
    abi: artifact.abi as Abi,
    bytecode: artifact.bytecode,
    args: args as unknown[],
    account: from,
    chain: clients.wallet.chain,
  });
  const receipt = await mined(clients, hash);
  return { address: getAddress(receipt.contractAddress!), deployBlock: receipt.blockNumber };
}

async function call(
  clients: DevnetClients,
  from: Address,
  address: Address,
  functionName: string,
  args: readonly unknown[],
  value = 0n,
) {
  await mined(
    clients,
    await sendContractTx(clients, from, {
      address,
      abi: [...ownedAbi, ...lockerAbi] as Abi,
      functionName,
      args,
      value,
    }),
  );
}

/** A V2 pool of `token` with WETH, funded by `from`, who holds all its LP. */
async function pooled(
  clients: DevnetClients,
  from: Address,
  token: { address: Address; deployBlock: bigint },
): Promise<TraitToken> {
  const { address: pair } = await createPoolOnDevnet(clients, {
    version: 'v2',
    tokenA: token.address,
    tokenB: devnetAddresses.weth,
    from,
  });
  await fundV2PairWithWeth(clients, {
    address: pair,
    token: token.address,
    tokenAmount: POOL_TOKENS,
    wethAmount: POOL_WETH,
    from,
  });
  return { ...token, pair };
}

/**
 * Deploys one token of each trait from `from` (an anvil dev account with ETH), each in a funded V2
 * pool with WETH, and the locker. The plain token's LP is all burned (sent to 0x…dEaD); the
 * renounced token's LP is 80 % locked for 180 days.
 */
export async function deployTraitWorld(clients: DevnetClients, from: Address): Promise<TraitWorld> {
  await assertDevnet(clients);
  const locker = await ensureDevnetLiquidityLocker(clients, from);

  const plain = await pooled(
    clients,
    from,
    await deploy(clients, from, traits.plainTraitToken, ['Plain Trait', 'PLAIN', SUPPLY, from]),
  );
  const lp = await clients.public.readContract({
    address: plain.pair,
    abi: ownedAbi,
    functionName: 'balanceOf',
    args: [from],
  });
  await call(clients, from, plain.pair, 'transfer', [BURN_ADDRESS, lp]);

  const taxed = await pooled(
    clients,
    from,
    await deploy(clients, from, traits.taxedTraitToken, [
      'Taxed Trait',
      'TAXED',
      SUPPLY,
      BigInt(TRAIT_BUY_BPS),
      BigInt(TRAIT_SELL_BPS),
    ]),
  );
  await call(clients, from, taxed.address, 'setPair', [taxed.pair]);

  const honeypot = await pooled(
    clients,
    from,
    await deploy(clients, from, traits.honeypotTraitToken, ['Honeypot Trait', 'HONEY', SUPPLY]),
  );
  await call(clients, from, honeypot.address, 'setPair', [honeypot.pair]);

  const pausable = await pooled(
    clients,
    from,
    await deploy(clients, from, traits.pausableTraitToken, ['Pausable Trait', 'PAUSE', SUPPLY]),
  );
  const blacklist = await pooled(
    clients,
    from,
    await deploy(clients, from, traits.blacklistTraitToken, ['Blacklist Trait', 'BLOCK', SUPPLY]),
  );
  const mintable = await pooled(
    clients,
    from,
    await deploy(clients, from, traits.mintableTraitToken, ['Mintable Trait', 'MINT', SUPPLY]),
  );

  const renounced = await pooled(
    clients,
    from,
    await deploy(clients, from, traits.mintableTraitToken, ['Renounced Trait', 'RENOUNCED', SUPPLY]),
  );
  await call(clients, from, renounced.address, 'renounceOwnership', []);
  const renouncedLp = await clients.public.readContract({
    address: renounced.pair,
    abi: ownedAbi,
    functionName: 'balanceOf',
    args: [from],
  });
  const lockAmount = (renouncedLp * LOCKED_BPS) / 10_000n;
  const now = (await clients.public.getBlock()).timestamp;
  const unlockDate = now + LOCK_DAYS * 86_400n;
  await call(clients, from, renounced.pair, 'approve', [locker, maxUint256]);
  await call(clients, from, locker, 'lockLPToken', [
    renounced.pair,
    lockAmount,
    unlockDate,
    '0x0000000000000000000000000000000000000000',
    true,
    from,
  ]);
  // Of all LP (the 1,000 wei of minimum liquidity at 0x0 included), the share in the locker.
  const lpSupply = await clients.public.readContract({
    address: renounced.pair,
    abi: parseAbi(['function totalSupply() view returns (uint256)']),
    functionName: 'totalSupply',
  });

  const logic = await deploy(clients, from, traits.upgradeableTraitTokenLogic, []);
  const init = encodeFunctionData({
    abi: traits.upgradeableTraitTokenLogic.abi as Abi,
    functionName: 'initialize',
    args: ['Upgradeable Trait', 'UPGRADE', SUPPLY, from],
  });
  const proxy = await deploy(clients, from, traits.traitUpgradeableProxy, [logic.address, from, init]);
  const upgradeable = await pooled(clients, from, proxy);

  const garbage = await deploy(clients, from, traits.garbageTraitContract, []);

  return {
    deployer: getAddress(from),
    plain,
    taxed: { ...taxed, buyBps: TRAIT_BUY_BPS, sellBps: TRAIT_SELL_BPS },
    honeypot,
    pausable,
    blacklist,
    mintable,
    renounced: { ...renounced, lockedShare: Number(lockAmount) / Number(lpSupply), unlockDate },
    upgradeable: { ...upgradeable, logic: logic.address, admin: getAddress(from) },
    garbage: { address: garbage.address },
    locker,
  };
}

/** The trait contracts' artifacts, for tests that call them (pause, blacklist, mint). */
export const traitArtifacts = traits;
