import { checksumAddress, type Address } from 'viem';

/**
 * One spelling of an address per layer (decision 0027): the database holds every address in lower
 * case, the API answers checksummed. Requests are normalised once at the boundary (the contract's
 * schema has already checked the 0x + 40 hex shape, in any case), so queries compare plain columns
 * and no `lower()` or `.toLowerCase()` is needed anywhere between the route and the table.
 */

/** An address as the database stores it: 0x + 40 lower-case hex digits. */
export type LowerAddress = Lowercase<Address>;

const ADDRESS_SHAPE = /^0x[0-9a-fA-F]{40}$/;

/**
 * The stored spelling of an address. Throws on anything that is not 0x + 40 hex digits: callers
 * pass input the contract already validated, so a throw here is a bug, never a user's typo.
 */
export function normalizeAddress(address: string): LowerAddress {
  if (!ADDRESS_SHAPE.test(address)) throw new TypeError(`not an address: ${JSON.stringify(address)}`);
  return address.toLowerCase() as LowerAddress;
}

/**
 * Spellings already computed. A checksum is a keccak hash (tens of microseconds): list answers show
 * the same project, paired-token and pool addresses page after page, so most are hits. Cleared
 * when full rather than kept in LRU order: a holder export of many distinct addresses passes
 * through once, and the next lists refill it.
 */
const checksummed = new Map<string, Address>();
const MEMO_MAX = 10_000;

/**
 * The presented spelling (EIP-55 checksum). Accepts any case: a mixed-case input whose checksum is
 * wrong is still re-spelled rather than refused, because what reaches a presenter comes from our
 * own tables or from the chain.
 */
export function toChecksumAddress(address: string): Address {
  const lower = address.toLowerCase();
  const hit = checksummed.get(lower);
  if (hit) return hit;
  if (!ADDRESS_SHAPE.test(address)) throw new TypeError(`not an address: ${JSON.stringify(address)}`);
  const spelled = checksumAddress(lower as Address);
  if (checksummed.size >= MEMO_MAX) checksummed.clear();
  checksummed.set(lower, spelled);
  return spelled;
}

/**
 * For chain data shown as it came (a holder column filled from logs): checksummed when it is an
 * address, left as it is otherwise, so that one odd value costs nothing but its own spelling.
 */
export function toChecksumAddressIfAddress(value: string): string {
  return ADDRESS_SHAPE.test(value) ? toChecksumAddress(value) : value;
}

/** A Uniswap V4 pool id (keccak256 of its PoolKey): 0x + 64 hex digits (docs/decisions/0042). */
const POOL_ID_SHAPE = /^0x[0-9a-fA-F]{64}$/;

/**
 * A pool's stored identity: a V2/V3 pool's address, or a V4 pool's id, in lower case. Both live in
 * the same columns (pools.pool_address, indexed_pools, pool_events), so pool code normalises with
 * this instead of normalizeAddress, which refuses ids.
 */
export function normalizePoolAddress(value: string): LowerAddress {
  if (POOL_ID_SHAPE.test(value)) return value.toLowerCase() as LowerAddress;
  return normalizeAddress(value);
}

/** The presented spelling of a pool's identity: an address checksummed, a V4 pool id in lower case (ids have no checksum). */
export function presentPoolAddress(value: string): string {
  return POOL_ID_SHAPE.test(value) ? value.toLowerCase() : toChecksumAddress(value);
}

export const isPoolId = (value: string): boolean => POOL_ID_SHAPE.test(value);
