import {
  decodeFunctionResult,
  encodeFunctionData,
  keccak256,
  encodeAbiParameters,
  parseAbi,
  toHex,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { tokenHealthProbeRuntime } from './probe-artifact';
import { rawCall, SIMULATION_GAS, uintWord } from './raw-call';

/*
 * Buy and sell tax and sellability, measured by simulation (issue 34 item 2): one eth_call runs
 * TokenHealthProbe.sol — placed at an unused address by a state override, never deployed — which
 * buys the token from its V2-style or Solidly pool and sells what arrived back into it, the way the
 * pool's router does (transfer in, then the pool's swap). The probe's paired-token balance is a
 * second state override on the paired token's balance slot. No transaction, no key, no gas spent.
 */

/** Where the probe's code is placed for the call: an address with no code and no key (keccak of a label). */
export const PROBE_ADDRESS: Address = `0x${keccak256(toHex('tokendesk.token-health.probe')).slice(26)}`;
/** The caller of the simulation: an address without code, as a wallet's would be. */
const CALLER: Address = `0x${keccak256(toHex('tokendesk.token-health.caller')).slice(26)}`;

/**
 * The pool fee the probe allows for when it asks for its output: 3 %, above every V2-style and
 * Solidly fee in the registry. Asking for less than the pool would give keeps the swap valid; the
 * tax is the share of what was asked for that did not arrive, so the pool's own fee is not in it.
 */
const FEE_ALLOWANCE_BPS = 300n;
/** The simulated buy spends this fraction of the pool's paired reserve (0.1 %): small enough for max-transaction limits. */
const BUY_SHARE_DIVISOR = 1000n;

const probeAbi = parseAbi([
  'struct Result { uint8 stoppedAt; uint256 buyExpected; uint256 buyReceived; uint256 sellSent; uint256 sellArrived; uint256 sellExpected; uint256 sellReceived; }',
  'function probe(address pool, address token, address paired, uint256 amountIn, uint256 feeBps) returns (Result r)',
]);
const balanceOfAbi = parseAbi(['function balanceOf(address) view returns (uint256)']);
const reservesAbi = parseAbi([
  'function getReserves() view returns (uint256, uint256)',
  'function token0() view returns (address)',
]);

export type TradeStatus = 'sellable' | 'sell_reverts' | 'buy_reverts' | 'unknown';

export interface TradeFinding {
  status: TradeStatus;
  buyTaxBps: number | null;
  sellTaxBps: number | null;
  how: string;
}

/** Mapping slots tried for a balance: Solidity keccak(holder . slot) and Vyper keccak(slot . holder), slots 0–49. */
const SLOT_CANDIDATES = 50;
const MARK = 0x7e57_0000_0000n;

function balanceSlot(holder: Address, index: number, vyper: boolean): Hex {
  const parts = vyper ? ([BigInt(index), holder] as const) : ([holder, BigInt(index)] as const);
  const types = vyper ? [{ type: 'uint256' }, { type: 'address' }] : [{ type: 'address' }, { type: 'uint256' }];
  return keccak256(encodeAbiParameters(types, parts as never));
}

/**
 * The storage slot of `holder`'s balance in `token`: one eth_call of balanceOf with every candidate
 * slot overridden to a value of its own, so the answer names the slot. Null when none matches (a
 * token that keeps balances elsewhere; the card then says it could not fund the simulation).
 */
export async function findBalanceSlot(
  client: PublicClient,
  token: Address,
  holder: Address,
  blockNumber: bigint,
): Promise<Hex | null> {
  const candidates: { slot: Hex; value: bigint }[] = [];
  for (let i = 0; i < SLOT_CANDIDATES; i++) {
    candidates.push({ slot: balanceSlot(holder, i, false), value: MARK + BigInt(i) });
    candidates.push({ slot: balanceSlot(holder, i, true), value: MARK + BigInt(SLOT_CANDIDATES + i) });
  }
  const answer = await rawCall(client, {
    to: token,
    data: encodeFunctionData({ abi: balanceOfAbi, functionName: 'balanceOf', args: [holder] }),
    blockNumber,
    stateOverride: [
      { address: token, stateDiff: candidates.map((c) => ({ slot: c.slot, value: toHex(c.value, { size: 32 }) })) },
    ],
  });
  if (answer.kind === 'failed') throw answer.error;
  if (answer.kind !== 'ok') return null;
  const value = uintWord(answer.data);
  return candidates.find((c) => c.value === value)?.slot ?? null;
}

/** `lost` of `of` in basis points, to the nearest one (a token's own fee arithmetic rounds down by a wei). */
const bps = (lost: bigint, of: bigint): number =>
  of === 0n ? 0 : Number(((lost < 0n ? 0n : lost) * 20_000n + of) / (2n * of));

export async function simulateTrade(
  client: PublicClient,
  input: { pool: Address; token: Address; paired: Address; pairedSymbol: string; blockNumber: bigint },
): Promise<TradeFinding> {
  const { pool, token, paired, blockNumber } = input;
  const [reserves, token0] = await Promise.all([
    rawCall(client, {
      to: pool,
      data: encodeFunctionData({ abi: reservesAbi, functionName: 'getReserves' }),
      blockNumber,
    }),
    rawCall(client, { to: pool, data: encodeFunctionData({ abi: reservesAbi, functionName: 'token0' }), blockNumber }),
  ]);
  for (const r of [reserves, token0]) if (r.kind === 'failed') throw r.error;
  const r0 = reserves.kind === 'ok' ? uintWord(reserves.data, 0) : null;
  const r1 = reserves.kind === 'ok' ? uintWord(reserves.data, 1) : null;
  const t0 = token0.kind === 'ok' ? uintWord(token0.data) : null;
  if (r0 === null || r1 === null || t0 === null) {
    return {
      status: 'unknown',
      buyTaxBps: null,
      sellTaxBps: null,
      how: "The pool's getReserves() or token0() did not answer as a V2-style pool does, so no trade was simulated.",
    };
  }
  const pairedReserve = t0 === BigInt(token) ? r1 : r0;
  const amountIn = pairedReserve / BUY_SHARE_DIVISOR;
  if (amountIn === 0n) {
    return {
      status: 'unknown',
      buyTaxBps: null,
      sellTaxBps: null,
      how: 'The pool holds too little of the paired token to simulate a trade.',
    };
  }
  const slot = await findBalanceSlot(client, paired, PROBE_ADDRESS, blockNumber);
  if (!slot) {
    return {
      status: 'unknown',
      buyTaxBps: null,
      sellTaxBps: null,
      how: `The balance slot of ${input.pairedSymbol} was not found among the usual layouts, so the simulation could not be funded.`,
    };
  }
  const answer = await rawCall(client, {
    to: PROBE_ADDRESS,
    from: CALLER,
    data: encodeFunctionData({
      abi: probeAbi,
      functionName: 'probe',
      args: [pool, token, paired, amountIn, FEE_ALLOWANCE_BPS],
    }),
    blockNumber,
    gas: SIMULATION_GAS,
    stateOverride: [
      { address: PROBE_ADDRESS, code: tokenHealthProbeRuntime },
      { address: paired, stateDiff: [{ slot, value: toHex(amountIn, { size: 32 }) }] },
    ],
  });
  if (answer.kind === 'failed') throw answer.error;
  const simulated = `An eth_call at this block with state overrides (the probe's code at ${PROBE_ADDRESS}, its ${input.pairedSymbol} balance): a buy of 0.1 % of the pool's ${input.pairedSymbol} through the pool's swap, then a sell of every token that arrived. No transaction was sent.`;
  if (answer.kind !== 'ok')
    return {
      status: 'unknown',
      buyTaxBps: null,
      sellTaxBps: null,
      how: `${simulated} The simulation itself did not complete (out of its gas limit or reverted outside the trade).`,
    };
  let r: { stoppedAt: number; buyExpected: bigint; buyReceived: bigint; sellSent: bigint; sellArrived: bigint };
  try {
    r = decodeFunctionResult({ abi: probeAbi, functionName: 'probe', data: answer.data });
  } catch {
    return { status: 'unknown', buyTaxBps: null, sellTaxBps: null, how: `${simulated} Its answer could not be read.` };
  }
  switch (r.stoppedAt) {
    case 0:
      return {
        status: 'sellable',
        buyTaxBps: bps(r.buyExpected - r.buyReceived, r.buyExpected),
        sellTaxBps: bps(r.sellSent - r.sellArrived, r.sellSent),
        how: `${simulated} Buy tax: the share of the tokens the pool sent that did not arrive; sell tax: the share of the tokens sold that did not reach the pool.`,
      };
    case 2:
      return {
        status: 'buy_reverts',
        buyTaxBps: null,
        sellTaxBps: null,
        how: `${simulated} The buy reverted: the token refused the transfer out of the pool.`,
      };
    case 3:
    case 4:
      return {
        status: 'sell_reverts',
        buyTaxBps: bps(r.buyExpected - r.buyReceived, r.buyExpected),
        sellTaxBps: null,
        how: `${simulated} The buy went through; the sell reverted ${r.stoppedAt === 3 ? 'when the tokens were sent into the pool' : "in the pool's swap"}: a holder other than the privileged ones cannot sell.`,
      };
    default:
      return {
        status: 'unknown',
        buyTaxBps: null,
        sellTaxBps: null,
        how: `${simulated} The simulation could not start the trade (${r.stoppedAt === 1 ? `sending ${input.pairedSymbol} to the pool failed` : 'the pool did not answer as a V2-style pool'}).`,
      };
  }
}
