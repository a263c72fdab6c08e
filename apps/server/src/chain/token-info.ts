import { getAddress, hexToBytes, type Address, type PublicClient } from 'viem';
import { erc20Abi, erc20Bytes32Abi } from './abis';
import { tokenNameText, tokenSymbolText, type CleanedText } from './untrusted-text';

export interface TokenInfo {
  name: string;
  symbol: string;
  decimals: number;
  /** Sentences saying where name or symbol differ from what the contract answered; absent if they don't. */
  notes?: string[];
}

/** The address is not an ERC-20 token; `reason` is a sentence for the user. */
export class NotATokenError extends Error {
  override name = 'NotATokenError';
}

/** A bytes32 name or symbol: NUL padding ends it; bytes that are not UTF-8 become U+FFFD. */
export function bytes32Text(value: `0x${string}`): Uint8Array {
  const bytes = hexToBytes(value, { size: 32 });
  const end = bytes.indexOf(0);
  return end === -1 ? bytes : bytes.subarray(0, end);
}

/** A short label for a token that names itself nothing usable: its address, shortened. */
export const addressLabel = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

type Field = 'name' | 'symbol';
type Read = { status: 'success'; result: unknown } | { status: 'failure'; error: Error };

/**
 * Name, symbol and decimals in one multicall (plus eth_getCode to tell a wallet from a contract).
 * Each field is read as string and as bytes32 in the same batch, so old bytes32 tokens cost no
 * second round trip. Name and symbol go through the untrusted-text boundary; a token whose name()
 * or symbol() reverts or answers nothing printable is still a token (EIP-20 makes both optional)
 * as long as decimals() and totalSupply() answer, and `notes` says what was filled in.
 */
export async function readTokenInfo(
  client: PublicClient,
  tokenAddress: Address,
  networkName: string,
): Promise<TokenInfo> {
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
  const [name, symbol, decimals, totalSupply, name32, symbol32] = results as unknown as Read[];
  if (decimals!.status !== 'success' || totalSupply!.status !== 'success') {
    throw new NotATokenError('This contract is not an ERC-20 token: it does not answer decimals() and totalSupply().');
  }
  const dec = Number(decimals!.result);
  if (!Number.isInteger(dec) || dec < 0 || dec > 36) {
    throw new NotATokenError(`This token reports ${dec} decimals; TokenDesk supports 0 to 36.`);
  }

  const notes: string[] = [];
  const clean = (field: Field, asString: Read, asBytes32: Read): CleanedText | null => {
    const limit = field === 'name' ? tokenNameText : tokenSymbolText;
    let cleaned: CleanedText | null = null;
    if (asString.status === 'success' && typeof asString.result === 'string') cleaned = limit(asString.result);
    else if (asString.status !== 'success' && asBytes32.status === 'success' && typeof asBytes32.result === 'string') {
      cleaned = limit(bytes32Text(asBytes32.result as `0x${string}`));
    }
    if (cleaned === null) return null;
    if (cleaned.altered)
      notes.push(`The token's ${field} contained invisible or invalid characters; they were removed.`);
    if (cleaned.truncated)
      notes.push(
        `The token's ${field} was longer than ${field === 'name' ? 'a project name' : 'a symbol'} can be and was shortened.`,
      );
    return cleaned.text === '' ? null : cleaned;
  };
  const readSymbol = clean('symbol', symbol!, symbol32!);
  const readName = clean('name', name!, name32!);

  let tokenSymbol: string;
  if (readSymbol) tokenSymbol = readSymbol.text;
  else {
    tokenSymbol = addressLabel(address);
    notes.push(
      `The token does not provide a usable symbol (symbol() ${symbol!.status === 'success' ? 'answered nothing printable' : 'failed'}); "${tokenSymbol}" is shown instead.`,
    );
  }
  let tokenName: string;
  if (readName) tokenName = readName.text;
  else {
    tokenName = tokenSymbol;
    notes.push(
      `The token does not provide a usable name (name() ${name!.status === 'success' ? 'answered nothing printable' : 'failed'}); the symbol is used instead.`,
    );
  }
  return notes.length > 0
    ? { name: tokenName, symbol: tokenSymbol, decimals: dec, notes }
    : { name: tokenName, symbol: tokenSymbol, decimals: dec };
}
