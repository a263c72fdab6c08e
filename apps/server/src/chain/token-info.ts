import { getAddress, hexToString, type Address, type PublicClient } from 'viem';
import { erc20Abi, erc20Bytes32Abi } from './abis';

export interface TokenInfo {
  name: string;
  symbol: string;
  decimals: number;
}

/** The address is not an ERC-20 token; `reason` is a sentence for the user. */
export class NotATokenError extends Error {
  override name = 'NotATokenError';
}

function bytes32ToText(value: `0x${string}`): string {
  // eslint-disable-next-line no-control-regex
  return hexToString(value, { size: 32 }).replace(/\u0000+$/, '').trim();
}

/**
 * Name, symbol and decimals in one multicall (plus eth_getCode to tell a wallet from a contract).
 * Each field is read as string and as bytes32 in the same batch, so old bytes32 tokens cost no
 * second round trip.
 */
export async function readTokenInfo(client: PublicClient, tokenAddress: Address, networkName: string): Promise<TokenInfo> {
  const address = getAddress(tokenAddress);
  const [code, results] = await Promise.all([
    client.getCode({ address }),
    client.multicall({
      allowFailure: true,
      contracts: [
        { address, abi: erc20Abi, functionName: 'name' },
        { address, abi: erc20Abi, functionName: 'symbol' },
        { address, abi: erc20Abi, functionName: 'decimals' },
        { address, abi: erc20Abi, functionName: 'totalSupply' },
        { address, abi: erc20Bytes32Abi, functionName: 'name' },
        { address, abi: erc20Bytes32Abi, functionName: 'symbol' },
      ],
    }),
  ]);
  if (!code || code === '0x') {
    throw new NotATokenError(
      `There is no contract at this address on ${networkName}. It may be a wallet address, or the token is on another network.`,
    );
  }
  const [name, symbol, decimals, totalSupply, name32, symbol32] = results;
  if (decimals.status !== 'success' || totalSupply.status !== 'success') {
    throw new NotATokenError('This contract is not an ERC-20 token: it does not answer decimals() and totalSupply().');
  }
  const text = (s: typeof name, b: typeof name32) => {
    if (s.status === 'success' && typeof s.result === 'string') return s.result.trim();
    if (b.status === 'success' && typeof b.result === 'string') return bytes32ToText(b.result as `0x${string}`);
    return null;
  };
  const tokenName = text(name, name32);
  const tokenSymbol = text(symbol, symbol32);
  if (tokenSymbol === null) {
    throw new NotATokenError('This contract is not an ERC-20 token: it does not answer symbol().');
  }
  const dec = Number(decimals.result);
  if (!Number.isInteger(dec) || dec > 36) {
    throw new NotATokenError(`This token reports ${dec} decimals; TokenDesk supports 0 to 36.`);
  }
  return { name: tokenName || tokenSymbol, symbol: tokenSymbol, decimals: dec };
}
