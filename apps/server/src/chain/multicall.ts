import {
  decodeFunctionResult,
  encodeAbiParameters,
  getAbiItem,
  toFunctionSelector,
  type Abi,
  type AbiFunction,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import type { CallResult, StateCall } from './dex/types';

/*
 * Multicall3's aggregate3 for the indexer's one state read per tick (pool-state.ts), coded here
 * rather than through viem's multicall. Measured on bench:indexer with 1,000 pools of every family
 * (≈ 2,300 calls): viem looked each function up and hashed its signature (keccak) for every call,
 * then ABI-coded the ≈ 480 KB aggregate3 argument generically — over a second of one core per tick,
 * more than the node took to run the calls. Here a function's selector is hashed once, the
 * aggregate3 argument is written directly (its layout is fixed), and the answer is read with
 * bounds checks: the node is untrusted, so an answer that does not parse fails the whole read
 * (an error the caller reports), and a call's own answer that does not decode fails that call only.
 */

const AGGREGATE3 = '82ad56cb'; // aggregate3((address,bool,bytes)[])

interface Prepared {
  item: AbiFunction;
  selector: string;
}
const prepared = new WeakMap<Abi, Map<string, Prepared>>();

function prepare(call: StateCall): Prepared {
  let byName = prepared.get(call.abi);
  if (!byName) prepared.set(call.abi, (byName = new Map()));
  // Overloads are told apart by their arguments: only a name with one function is cached.
  const found = byName.get(call.functionName);
  if (found) return found;
  const item = getAbiItem({ abi: call.abi, name: call.functionName, args: call.args as unknown[] }) as
    | AbiFunction
    | undefined;
  if (!item || item.type !== 'function') throw new Error(`multicall: no function ${call.functionName} in the ABI`);
  const entry = { item, selector: toFunctionSelector(item).slice(2) };
  if (call.abi.filter((x) => x.type === 'function' && x.name === call.functionName).length === 1)
    byName.set(call.functionName, entry);
  return entry;
}

const word = (n: number) => n.toString(16).padStart(64, '0');
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Arguments that are all addresses (balanceOf, the common case) are padded here; anything else goes through viem. */
function encodeArgs(item: AbiFunction, args: unknown[]): string {
  if (
    args.length === item.inputs.length &&
    item.inputs.every((p, i) => p.type === 'address' && typeof args[i] === 'string' && ADDRESS.test(args[i] as string))
  ) {
    return (args as string[]).map((a) => a.slice(2).toLowerCase().padStart(64, '0')).join('');
  }
  return encodeAbiParameters(item.inputs, args).slice(2);
}

/** The calldata of aggregate3 over `calls`, every call allowed to fail. */
export function encodeAggregate3(calls: readonly StateCall[]): { data: Hex; items: AbiFunction[] } {
  const items: AbiFunction[] = [];
  const tuples: string[] = [];
  for (const call of calls) {
    const { item, selector } = prepare(call);
    items.push(item);
    const args = item.inputs.length === 0 ? '' : encodeArgs(item, (call.args ?? []) as unknown[]);
    const callData = selector + args;
    const bytes = callData.length / 2;
    const padded = callData.padEnd(Math.ceil(bytes / 32) * 64, '0');
    // (address target, bool allowFailure, bytes callData): the bytes' offset is after the three head words.
    tuples.push(call.address.slice(2).toLowerCase().padStart(64, '0') + word(1) + word(0x60) + word(bytes) + padded);
  }
  // The array: its length, then each tuple's offset from the start of the offsets, then the tuples.
  let offset = calls.length * 32;
  const offsets: string[] = [];
  for (const t of tuples) {
    offsets.push(word(offset));
    offset += t.length / 2;
  }
  return { data: `0x${AGGREGATE3}${word(0x20)}${word(calls.length)}${offsets.join('')}${tuples.join('')}`, items };
}

/**
 * aggregate3's answer, (bool success, bytes returnData)[], as one return-data hex per call (null
 * for a failed call). Throws when the answer is not that shape for exactly `count` calls.
 */
export function decodeAggregate3(result: Hex, count: number): (Hex | null)[] {
  if (typeof result !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(result))
    throw new Error('multicall: the answer is not hex data');
  const hex = result.slice(2);
  const size = hex.length / 2;
  const readWord = (at: number): number => {
    if (at < 0 || at + 32 > size) throw new Error('multicall: the answer is shorter than it says');
    const w = hex.slice(at * 2, at * 2 + 64);
    // Offsets and lengths beyond 2^48 cannot fit an answer of any real size.
    if (!/^0{52}/.test(w)) throw new Error('multicall: an offset or length in the answer is out of range');
    return Number.parseInt(w.slice(52), 16);
  };
  const array = readWord(0);
  const n = readWord(array);
  if (n !== count) throw new Error(`multicall: ${n} answers for ${count} calls`);
  const base = array + 32;
  const out: (Hex | null)[] = [];
  for (let i = 0; i < n; i++) {
    const tuple = base + readWord(base + i * 32);
    const success = readWord(tuple);
    if (success > 1) throw new Error('multicall: a success flag in the answer is not a bool');
    const data = tuple + readWord(tuple + 32);
    const length = readWord(data);
    if (data + 32 + length > size) throw new Error('multicall: the answer is shorter than it says');
    out.push(success === 1 ? (`0x${hex.slice((data + 32) * 2, (data + 32 + length) * 2)}` as Hex) : null);
  }
  return out;
}

/**
 * Every call through Multicall3 in one eth_call at `blockNumber`, each allowed to fail (the answer
 * shape of viem's multicall with allowFailure). A failed eth_call throws what the node said.
 */
export async function aggregate3(
  client: PublicClient,
  multicall3: Address,
  calls: readonly StateCall[],
  blockNumber: bigint,
): Promise<CallResult[]> {
  const { data, items } = encodeAggregate3(calls);
  const { data: answer } = await client.call({ to: multicall3, data, blockNumber });
  if (answer === undefined)
    throw new Error('multicall: Multicall3 answered nothing (no contract at its address at that block?)');
  const returned = decodeAggregate3(answer, calls.length);
  return returned.map((ret, i): CallResult => {
    if (ret === null) return { status: 'failure' };
    try {
      return {
        status: 'success',
        result: decodeFunctionResult({ abi: [items[i]!], functionName: items[i]!.name, data: ret }),
      };
    } catch (error) {
      return { status: 'failure', error };
    }
  });
}
