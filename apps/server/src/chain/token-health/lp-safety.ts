import { encodeFunctionData, parseAbi, type Address, type PublicClient } from 'viem';
import { lockersOf, type LockerConfig } from './lockers';
import { addressWord, rawCall, uintWord } from './raw-call';

/*
 * Liquidity safety of a V2-style or Solidly pool (issue 34 item 1): its LP token's holders that
 * cannot or will not withdraw — the zero and 0x…dEaD addresses (burned) and the network's known
 * lockers (locked, with each lock's unlock date as the locker states it).
 */

const ZERO: Address = '0x0000000000000000000000000000000000000000';
const DEAD: Address = '0x000000000000000000000000000000000000dEaD';
/** Locks read per locker and pool at most: a pool with thousands of dust locks must not stall the card. */
export const MAX_LOCKS_READ = 20;

const lpAbi = parseAbi([
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
]);
const uncxAbi = parseAbi([
  'function getNumLocksForToken(address) view returns (uint256)',
  'function tokenLocks(address, uint256) view returns (uint256 lockDate, uint256 amount, uint256 initialAmount, uint256 unlockDate, uint256 lockID, address owner)',
]);

export interface LockFinding {
  lockerName: string;
  lockerAddress: Address;
  /** LP tokens in this lock. */
  amount: bigint;
  unlockAt: Date | null;
}

export interface LpFinding {
  status: 'measured' | 'unknown';
  totalSupply: bigint | null;
  burned: bigint | null;
  locked: bigint | null;
  locks: LockFinding[];
  how: string;
}

async function readUint(
  client: PublicClient,
  to: Address,
  data: `0x${string}`,
  blockNumber: bigint,
): Promise<bigint | null> {
  const answer = await rawCall(client, { to, data, blockNumber });
  if (answer.kind === 'failed') throw answer.error;
  return answer.kind === 'ok' && answer.data.length === 66 ? uintWord(answer.data) : null;
}

const balanceOf = (holder: Address) => encodeFunctionData({ abi: lpAbi, functionName: 'balanceOf', args: [holder] });

/** The locks of `pool` in one UNCX-V2-style locker, most MAX_LOCKS_READ of them; what does not decode is left out. */
async function locksIn(
  client: PublicClient,
  locker: LockerConfig,
  pool: Address,
  blockNumber: bigint,
): Promise<LockFinding[]> {
  const count = await readUint(
    client,
    locker.address,
    encodeFunctionData({ abi: uncxAbi, functionName: 'getNumLocksForToken', args: [pool] }),
    blockNumber,
  );
  if (count === null || count === 0n) return [];
  const n = Number(count > BigInt(MAX_LOCKS_READ) ? BigInt(MAX_LOCKS_READ) : count);
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      rawCall(client, {
        to: locker.address,
        data: encodeFunctionData({ abi: uncxAbi, functionName: 'tokenLocks', args: [pool, BigInt(i)] }),
        blockNumber,
      }),
    ),
  );
  const locks: LockFinding[] = [];
  for (const a of answers) {
    if (a.kind === 'failed') throw a.error;
    if (a.kind !== 'ok' || a.data.length !== 2 + 6 * 64) continue;
    const amount = uintWord(a.data, 1);
    const unlock = uintWord(a.data, 3);
    if (amount === null || amount === 0n || addressWord(`0x${a.data.slice(2 + 5 * 64)}`) === null) continue;
    // A date beyond year 9999 is no date (UNCX itself refuses timestamps ≥ 10^10).
    const unlockAt = unlock !== null && unlock < 253_402_300_800n ? new Date(Number(unlock) * 1000) : null;
    locks.push({ lockerName: locker.name, lockerAddress: locker.address, amount, unlockAt });
  }
  return locks;
}

export async function readLpSafety(
  client: PublicClient,
  chainId: number,
  pool: Address,
  blockNumber: bigint,
): Promise<LpFinding> {
  const lockers = lockersOf(chainId);
  const [totalSupply, zero, dead, ...inLockers] = await Promise.all([
    readUint(client, pool, encodeFunctionData({ abi: lpAbi, functionName: 'totalSupply' }), blockNumber),
    readUint(client, pool, balanceOf(ZERO), blockNumber),
    readUint(client, pool, balanceOf(DEAD), blockNumber),
    ...lockers.map((l) => readUint(client, pool, balanceOf(l.address), blockNumber)),
  ]);
  const lockerText =
    lockers.length === 0
      ? 'no locker is listed for this network yet'
      : `the known lockers (${lockers.map((l) => `${l.name} ${l.address}`).join(', ')})`;
  const how = `The pool's LP token: totalSupply() and balanceOf() of the zero address, 0x…dEaD and ${lockerText}; lock amounts and unlock dates from each locker's tokenLocks().`;
  if (totalSupply === null || totalSupply === 0n || zero === null || dead === null) {
    return {
      status: 'unknown',
      totalSupply,
      burned: null,
      locked: null,
      locks: [],
      how: `${how} The pool did not answer totalSupply() and balanceOf() as an LP token does.`,
    };
  }
  let locked = 0n;
  const locks: LockFinding[] = [];
  for (const [i, locker] of lockers.entries()) {
    const held = inLockers[i] ?? null;
    if (held === null || held === 0n) continue;
    locked += held;
    locks.push(...(await locksIn(client, locker, pool, blockNumber)));
  }
  const clamp = (v: bigint) => (v > totalSupply ? totalSupply : v);
  return { status: 'measured', totalSupply, burned: clamp(zero + dead), locked: clamp(locked), locks, how };
}
