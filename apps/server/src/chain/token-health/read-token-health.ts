import { encodeFunctionData, parseAbi, type Address, type Hex, type PublicClient } from 'viem';
import { readLpSafety, type LpFinding } from './lp-safety';
import { readProxy, type ProxyFinding } from './proxy-slots';
import { addressWord, rawCall } from './raw-call';
import { hasSelector, OWNER_SELECTOR, privilegedIn, type PrivilegedSelector } from './selectors';
import { simulateTrade, type TradeFinding } from './trade-simulation';
import { readDeployerV3Share, type V3PositionFinding } from './v3-positions';

/*
 * Reads the token-health findings (issue 34 items 1 and 2) at one block. The token, its pools and
 * any contract they name are untrusted: every read is an eth_call or storage read with a gas cap,
 * each finding has its own time limit, and a finding whose reads fail, revert where an answer was
 * due, or answer garbage is 'unknown' — the others still come back.
 */

/** Each finding's own time limit; the card's reads run side by side, so this bounds the whole card. */
export const FINDING_DEADLINE_MS = 4_000;

export interface OwnershipFinding {
  status: 'owned' | 'renounced' | 'no_owner_function' | 'unknown';
  owner: Address | null;
  how: string;
}

export interface PrivilegedFinding {
  status: 'exposes' | 'none' | 'unknown';
  functions: PrivilegedSelector[];
  how: string;
}

export interface HealthPoolInput {
  id: number;
  address: Address;
  /** v2, camelot-v2 and solidly pools are LP tokens with getReserves/swap; the rest are not simulated here. */
  lpStyle: boolean;
  /** Uniswap V3: liquidity in NFT positions; the deployer's in-range share is read. */
  v3: boolean;
  paired: Address;
  pairedSymbol: string;
}

export interface TokenHealthRead {
  block: bigint;
  ownership: OwnershipFinding;
  privileged: PrivilegedFinding;
  proxy: ProxyFinding;
  trading: { poolId: number; finding: TradeFinding | null }[];
  liquidity: { poolId: number; finding: LpFinding | null }[];
  positions: { poolId: number; finding: V3PositionFinding | null }[];
}

const ownerAbi = parseAbi(['function owner() view returns (address)']);
const DEAD = '0x000000000000000000000000000000000000dead';
const ZERO = '0x0000000000000000000000000000000000000000';

/** `work` or, past `ms` or on any failure, `fallback(reason)`: one finding never sinks the card. */
async function bounded<T>(
  work: () => Promise<T>,
  fallback: (reason: string) => T,
  ms = FINDING_DEADLINE_MS,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    const result = await Promise.race([work(), timeout]);
    return result === 'timeout' ? fallback('The node did not answer in time.') : result;
  } catch {
    return fallback('The node did not answer these reads.');
  } finally {
    clearTimeout(timer);
  }
}

async function readOwnership(
  client: PublicClient,
  token: Address,
  code: Hex,
  blockNumber: bigint,
): Promise<OwnershipFinding> {
  const answer = await rawCall(client, {
    to: token,
    data: encodeFunctionData({ abi: ownerAbi, functionName: 'owner' }),
    blockNumber,
  });
  if (answer.kind === 'failed') throw answer.error;
  const how = 'An eth_call of owner() at this block.';
  if (answer.kind === 'reverted') {
    // A revert means "no such function" only when the code has no owner() selector to dispatch to.
    if (!hasSelector(code, OWNER_SELECTOR))
      return {
        status: 'no_owner_function',
        owner: null,
        how: `${how} It reverted, and owner()'s selector is not in the runtime code: the contract has no owner() function.`,
      };
    return { status: 'unknown', owner: null, how: `${how} It reverted although the code has owner()'s selector.` };
  }
  const owner = addressWord(answer.data);
  if (!owner) return { status: 'unknown', owner: null, how: `${how} Its answer is not an address.` };
  const lower = owner.toLowerCase();
  if (lower === ZERO || lower === DEAD)
    return {
      status: 'renounced',
      owner,
      how: `${how} It answers ${lower === ZERO ? 'the zero address' : '0x…dEaD'}: nobody holds the owner role (renounced).`,
    };
  return { status: 'owned', owner, how: `${how} It answers ${owner}, which holds whatever the owner role allows.` };
}

function privilegedFinding(codes: { label: string; code: Hex }[]): PrivilegedFinding {
  const functions = privilegedIn(codes.map((c) => c.code));
  const where = codes.map((c) => c.label).join(' and ');
  const how = `The 4-byte selectors of common mint, pause, blacklist, fee-setter and upgrade functions, looked for in ${where} (eth_getCode). A selector in the code means the contract exposes that function; it does not say who may call it, and a function under another name is not found.`;
  return { status: functions.length > 0 ? 'exposes' : 'none', functions, how };
}

export async function readTokenHealth(
  client: PublicClient,
  chainId: number,
  token: Address,
  pools: readonly HealthPoolInput[],
  deployer: Address | null,
): Promise<TokenHealthRead> {
  // The head block may throw (the node is down): the route answers 503, as every chain read does.
  const block = await client.getBlockNumber({ cacheTime: 0 });
  const unknownCode = (reason: string) => ({ code: null as Hex | null, reason });
  const tokenCode = await bounded(
    async () => ({ code: (await client.getCode({ address: token, blockNumber: block })) ?? '0x', reason: '' }),
    unknownCode,
  );
  const code = tokenCode.code;
  const noCode = code === null || code === '0x';
  const codeReason = code === null ? tokenCode.reason : 'The address has no contract code at this block.';

  const [ownership, proxy] = await Promise.all([
    noCode
      ? { status: 'unknown' as const, owner: null, how: codeReason }
      : bounded(
          () => readOwnership(client, token, code, block),
          (reason) => ({ status: 'unknown' as const, owner: null, how: reason }),
        ),
    noCode
      ? { status: 'unknown' as const, standard: null, implementation: null, admin: null, beacon: null, how: codeReason }
      : bounded(
          () => readProxy(client, token, code, block),
          (reason): ProxyFinding => ({
            status: 'unknown',
            standard: null,
            implementation: null,
            admin: null,
            beacon: null,
            how: reason,
          }),
        ),
  ]);

  // Behind a proxy the functions are the implementation's: its code is read too.
  const privileged: PrivilegedFinding = noCode
    ? { status: 'unknown', functions: [], how: codeReason }
    : await bounded(
        async () => {
          const codes = [{ label: "the token's runtime code", code }];
          if (proxy.implementation) {
            const implCode = await client.getCode({ address: proxy.implementation, blockNumber: block });
            if (implCode && implCode !== '0x')
              codes.push({ label: `the implementation's (${proxy.implementation})`, code: implCode });
          }
          return privilegedFinding(codes);
        },
        (reason) => ({ status: 'unknown', functions: [], how: reason }),
      );

  const lpPools = pools.filter((p) => p.lpStyle);
  const [trading, liquidity, positions] = await Promise.all([
    Promise.all(
      pools.map(async (p) => ({
        poolId: p.id,
        finding:
          !p.lpStyle || noCode
            ? null
            : await bounded(
                () =>
                  simulateTrade(client, {
                    pool: p.address,
                    token,
                    paired: p.paired,
                    pairedSymbol: p.pairedSymbol,
                    blockNumber: block,
                  }),
                (reason): TradeFinding => ({ status: 'unknown', buyTaxBps: null, sellTaxBps: null, how: reason }),
              ),
      })),
    ),
    Promise.all(
      pools.map(async (p) => ({
        poolId: p.id,
        finding: !lpPools.includes(p)
          ? null
          : await bounded(
              () => readLpSafety(client, chainId, p.address, block),
              (reason): LpFinding => ({
                status: 'unknown',
                totalSupply: null,
                burned: null,
                locked: null,
                locks: [],
                how: reason,
              }),
            ),
      })),
    ),
    Promise.all(
      pools.map(async (p) => ({
        poolId: p.id,
        finding: !p.v3
          ? null
          : await bounded(
              () => readDeployerV3Share(client, chainId, p.address, deployer, block),
              (reason): V3PositionFinding => ({
                status: 'unknown',
                deployer,
                deployerShare: null,
                positionsRead: 0,
                how: reason,
              }),
            ),
      })),
    ),
  ]);
  return { block, ownership, privileged, proxy, trading, liquidity, positions };
}
