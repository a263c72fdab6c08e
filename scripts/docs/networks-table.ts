/**
 * The table of real networks in docs/networks.md, generated from the registry
 * (apps/server/src/chain/networks.ts) between two markers: a DEX or token added there shows here
 * after `npm run docs`, and docs-generated.test.ts fails until it does. The prose around the table
 * is written by hand.
 */
import {
  familyOf,
  REAL_NETWORKS,
  withNativeToken,
  type DexConfig,
  type DexFamily,
  type TokenConfig,
} from '../../apps/server/src/chain/networks';
import { cell } from './markdown';

export const NETWORKS_DOC = 'docs/networks.md';
const START = '<!-- generated: networks table (npm run docs, from apps/server/src/chain/networks.ts) -->';
const END = '<!-- /generated: networks table -->';

/** A pair token as a reader needs it: the symbol, what its name adds ('bridged'), odd stablecoin decimals. */
function tokenText(token: TokenConfig): string {
  const notes: string[] = [];
  const qualifier = /\(([^)]+)\)\s*$/.exec(token.name)?.[1];
  if (qualifier) notes.push(qualifier);
  if (token.usdPegged && token.decimals !== 6) notes.push(`${token.decimals} dec.`);
  return notes.length > 0 ? `${token.symbol} (${notes.join(', ')})` : token.symbol;
}

/** Families whose name a venue's name may not carry ('Camelot V3' is Algebra); Uniswap's forks say V2/V3/V4. */
const FAMILY_LABEL: Partial<Record<DexFamily, string>> = {
  solidly: 'Solidly V2',
  slipstream: 'Slipstream',
  algebra: 'Algebra',
  'liquidity-book': 'Liquidity Book',
};

function dexText(dex: DexConfig): string {
  const label = FAMILY_LABEL[familyOf(dex)];
  return label && !dex.name.toLowerCase().includes(label.toLowerCase()) ? `${dex.name} (${label})` : dex.name;
}

export function renderNetworksTable(): string {
  const rows = REAL_NETWORKS.map(withNativeToken).map((n) => {
    const poll = `${(n.pollIntervalMs / 1000).toLocaleString('en-US')} s`;
    return `| ${cell(n.name)} | ${n.chainId} | ${cell(n.dexes.map(dexText).join(', '))} | ${cell(n.tokens.map(tokenText).join(', '))} | ${n.confirmations} · ${poll} |`;
  });
  return [
    START,
    '| Network | Chain id | DEXes read | Pair tokens | Confirmations · poll |',
    '|---|---|---|---|---|',
    ...rows,
    END,
  ].join('\n');
}

/** docs/networks.md with its table replaced by what the registry gives. */
export function renderNetworksDoc(current: string): string {
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  if (start === -1 || end < start)
    throw new Error(`${NETWORKS_DOC}: the markers of the generated table are missing (${START} … ${END}).`);
  return current.slice(0, start) + renderNetworksTable() + current.slice(end + END.length);
}
