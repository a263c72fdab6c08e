import { getAddress, type Address } from 'viem';

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
 * The presented spelling (EIP-55 checksum). Accepts any case: a mixed-case input whose checksum is
 * wrong is still re-spelled rather than refused, because what reaches a presenter comes from our
 * own tables or from the chain.
 */
export function toChecksumAddress(address: string): Address {
  if (!ADDRESS_SHAPE.test(address)) throw new TypeError(`not an address: ${JSON.stringify(address)}`);
  return getAddress(address.toLowerCase());
}
