import { encodeAbiParameters, pad, type Hex, type Log } from 'viem';
import { describe, expect, it } from 'vitest';
import { applyTransfers, decodeTransfer, TRANSFER_TOPIC, type Transfer } from './holders';

const ZERO = '0x0000000000000000000000000000000000000000';
const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const TOKEN = '0x00000000000000000000000000000000000000cc';

const log = (topics: Hex[], data: Hex): Pick<Log, 'address' | 'topics' | 'data' | 'blockNumber' | 'logIndex'> => ({
  address: TOKEN,
  topics: topics as [Hex, ...Hex[]],
  data,
  blockNumber: '0x10' as unknown as bigint,
  logIndex: '0x2' as unknown as number,
});
const t = (from: string, to: string, value: bigint, i = 0): Transfer => ({
  token: TOKEN,
  from,
  to,
  value,
  blockNumber: 1n,
  logIndex: i,
});

describe('decodeTransfer', () => {
  it('reads an ERC-20 Transfer', () => {
    const decoded = decodeTransfer(
      log([TRANSFER_TOPIC, pad(A), pad(B)], encodeAbiParameters([{ type: 'uint256' }], [5n])),
    );
    expect(decoded).toEqual({ token: TOKEN, from: A, to: B, value: 5n, blockNumber: 16n, logIndex: 2 });
  });

  it('reads the pre-standard Transfer without indexed parameters: one topic, from, to and value in 96 bytes of data', () => {
    const data = encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint256' }], [A, B, 7n]);
    expect(decodeTransfer(log([TRANSFER_TOPIC], data))).toEqual({
      token: TOKEN,
      from: A,
      to: B,
      value: 7n,
      blockNumber: 16n,
      logIndex: 2,
    });
  });

  it('skips logs whose address words carry bits above 20 bytes, and shapes that are neither', () => {
    const dirty = `0x01${'0'.repeat(22)}${A.slice(2)}` as Hex;
    expect(
      decodeTransfer(log([TRANSFER_TOPIC, dirty, pad(B)], encodeAbiParameters([{ type: 'uint256' }], [5n]))),
    ).toBeNull();
    expect(
      decodeTransfer(log([TRANSFER_TOPIC], `0x${dirty.slice(2)}${pad(B).slice(2)}${pad('0x05').slice(2)}`)),
    ).toBeNull();
    // One indexed address and the rest in data is ambiguous (which one is indexed?): not read.
    expect(
      decodeTransfer(
        log([TRANSFER_TOPIC, pad(A)], encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [B, 5n])),
      ),
    ).toBeNull();
    expect(
      decodeTransfer(log([TRANSFER_TOPIC], encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [A, B]))),
    ).toBeNull();
  });

  it('ignores ERC-721 transfers, which share the topic but index the token id', () => {
    expect(decodeTransfer(log([TRANSFER_TOPIC, pad(A), pad(B), pad('0x05')], '0x'))).toBeNull();
  });

  it('ignores other events', () => {
    expect(
      decodeTransfer(log([pad('0x01'), pad(A), pad(B)], encodeAbiParameters([{ type: 'uint256' }], [5n]))),
    ).toBeNull();
  });
});

describe('applyTransfers', () => {
  it('counts holders as addresses above zero, never the zero address', () => {
    const balances = new Map<string, bigint>();
    const deltas: number[] = [];
    const total = applyTransfers(
      balances,
      [t(ZERO, A, 100n), t(A, B, 40n, 1), t(B, ZERO, 40n, 2), t(A, A, 10n, 3), t(A, B, 0n, 4)],
      (_, d) => deltas.push(d),
    );
    expect(deltas).toEqual([1, 1, -1, 0, 0]);
    expect(total).toBe(1);
    expect(balances.get(A)).toBe(60n);
    expect(balances.get(B)).toBe(0n);
    expect(balances.get(ZERO)).toBe(40n); // burned: credited, but no holder
  });

  it('never goes below zero: a debit beyond the logged balance stops at zero and is reported', () => {
    const balances = new Map([[A, 5n]]);
    const shortfalls: [string, bigint][] = [];
    const total = applyTransfers(balances, [t(A, B, 8n), t(B, A, 8n, 1), t(A, B, 10n, 2)], undefined, (tr, missing) =>
      shortfalls.push([tr.from, missing]),
    );
    expect(shortfalls).toEqual([
      [A, 3n],
      [A, 2n],
    ]);
    expect(balances.get(A)).toBe(0n);
    expect(balances.get(B)).toBe(10n);
    expect([...balances.values()].every((b) => b >= 0n)).toBe(true);
    expect(total).toBe(0); // A held, then B: still one holder
  });

  it('continues from stored balances', () => {
    const balances = new Map([[A, 5n]]);
    expect(applyTransfers(balances, [t(A, B, 5n)])).toBe(0); // A leaves, B arrives
    expect(balances.get(A)).toBe(0n);
    expect(balances.get(B)).toBe(5n);
  });
});
