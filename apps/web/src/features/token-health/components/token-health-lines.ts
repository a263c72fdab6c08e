import {
  privilegeCategoryText,
  shortenAddress,
  type TokenHealth,
  type TokenLiquiditySafety,
  type TokenTradeSimulation,
} from '@tokendesk/contract';

/*
 * The card's wording, one line per finding: a verdict (tone and short text) and its details. Kept
 * apart from the component so the words are tested without a browser. "Exposes" is the word for
 * functions in the bytecode: the card states what the code allows, not what anyone intends.
 */

export type LineTone = 'neutral' | 'success' | 'info' | 'warning' | 'danger';

export interface HealthLine {
  key: string;
  label: string;
  tone: LineTone;
  verdict: string;
  detail: string | null;
  block: string;
  how: string;
}

const UNKNOWN = { tone: 'neutral' as const, verdict: 'Unknown' };

const pct = (v: number | null) => (v === null ? '—' : `${Number.isInteger(v) ? v : v.toFixed(2)} %`);

export function ownershipLine(h: TokenHealth): HealthLine {
  const o = h.ownership;
  const base = { key: 'ownership', label: 'Ownership', block: o.block, how: o.how };
  switch (o.status) {
    case 'owned':
      return {
        ...base,
        tone: 'warning',
        verdict: 'Has an owner',
        detail: `owner() is ${o.owner ? shortenAddress(o.owner) : 'an address'}, which holds whatever the owner role allows.`,
      };
    case 'renounced':
      return { ...base, tone: 'success', verdict: 'Renounced', detail: 'Nobody holds the owner role.' };
    case 'no_owner_function':
      return { ...base, tone: 'success', verdict: 'No owner', detail: 'The contract has no owner() function.' };
    default:
      return { ...base, ...UNKNOWN, detail: 'The contract did not answer owner() in a way we can read.' };
  }
}

export function privilegedLine(h: TokenHealth): HealthLine {
  const p = h.privileged;
  const base = { key: 'privileged', label: 'Privileged functions', block: p.block, how: p.how };
  if (p.status === 'exposes') {
    const kinds = [...new Set(p.functions.map((f) => privilegeCategoryText[f.category]))];
    return {
      ...base,
      tone: 'warning',
      verdict: `Exposes ${kinds.length === 1 ? '1 kind' : `${kinds.length} kinds`}`,
      detail: `${kinds.join(', ')}: ${p.functions.map((f) => f.signature).join(', ')}.`,
    };
  }
  if (p.status === 'none')
    return {
      ...base,
      tone: 'success',
      verdict: 'None found',
      detail: 'No common mint, pause, blacklist, fee-setter or upgrade function in the code.',
    };
  return { ...base, ...UNKNOWN, detail: null };
}

export function proxyLine(h: TokenHealth): HealthLine {
  const p = h.proxy;
  const base = { key: 'proxy', label: 'Upgradeable', block: p.block, how: p.how };
  switch (p.status) {
    case 'upgradeable':
      return {
        ...base,
        tone: 'warning',
        verdict: 'Upgradeable proxy',
        detail: `Its code can be replaced${p.admin ? ` by the admin ${shortenAddress(p.admin)}` : p.beacon ? ` through the beacon ${shortenAddress(p.beacon)}` : ''}${p.implementation ? `; the code now runs from ${shortenAddress(p.implementation)}` : ''}.`,
      };
    case 'minimal_proxy':
      return {
        ...base,
        tone: 'neutral',
        verdict: 'Minimal proxy',
        detail: `A fixed clone of ${p.implementation ? shortenAddress(p.implementation) : 'another contract'}; its code cannot be replaced.`,
      };
    case 'not_proxy':
      return { ...base, tone: 'success', verdict: 'Not a proxy', detail: 'None of the standard proxy slots is set.' };
    default:
      return { ...base, ...UNKNOWN, detail: null };
  }
}

export function tradeLine(t: TokenTradeSimulation, symbol: string): HealthLine {
  const base = {
    key: `trade-${t.pool_id}`,
    label: `Buy and sell · ${symbol}/${t.paired_symbol} ${t.dex_name}`,
    block: t.block,
    how: t.how,
  };
  switch (t.status) {
    case 'sellable': {
      const taxed = (t.buy_tax_pct ?? 0) > 0 || (t.sell_tax_pct ?? 0) > 0;
      return {
        ...base,
        tone: taxed ? 'warning' : 'success',
        verdict: taxed ? 'Taxed' : 'Sellable, no tax',
        detail: `Buy tax ${pct(t.buy_tax_pct)}, sell tax ${pct(t.sell_tax_pct)} in a simulated trade.`,
      };
    }
    case 'sell_reverts':
      return {
        ...base,
        tone: 'danger',
        verdict: 'Cannot be sold',
        detail: `A simulated buy went through (buy tax ${pct(t.buy_tax_pct)}); selling it back reverted.`,
      };
    case 'buy_reverts':
      return { ...base, tone: 'danger', verdict: 'Cannot be bought', detail: 'A simulated buy reverted.' };
    case 'not_simulated':
      return { ...base, tone: 'neutral', verdict: 'Not simulated', detail: null };
    default:
      return { ...base, ...UNKNOWN, detail: null };
  }
}

export function liquidityLine(
  l: TokenLiquiditySafety,
  symbol: string,
  formatDate: (iso: string) => string,
): HealthLine {
  const base = {
    key: `lp-${l.pool_id}`,
    label: `Liquidity · ${symbol}/${l.paired_symbol} ${l.dex_name}`,
    block: l.block,
    how: l.how,
  };
  if (l.status === 'not_supported') return { ...base, tone: 'neutral', verdict: 'Not measured', detail: null };
  if (l.status !== 'measured') return { ...base, ...UNKNOWN, detail: null };
  if (l.deployer_in_range_pct !== null) {
    return {
      ...base,
      tone: l.deployer_in_range_pct > 0 ? 'warning' : 'info',
      verdict: `Deployer holds ${pct(l.deployer_in_range_pct)} of in-range liquidity`,
      detail: `The deployer${l.deployer ? ` ${shortenAddress(l.deployer)}` : ''} can withdraw that share from its positions at any time; other position owners are not listed.`,
    };
  }
  const safe = (l.burned_pct ?? 0) + (l.locked_pct ?? 0);
  const locks = l.locks.map(
    (k) => `${pct(k.share_pct)} in ${k.locker_name}${k.unlock_at ? ` until ${formatDate(k.unlock_at)}` : ''}`,
  );
  return {
    ...base,
    tone: safe > 0 ? 'info' : 'warning',
    verdict: safe > 0 ? `${pct(l.burned_pct)} burned, ${pct(l.locked_pct)} locked` : 'Not burned or locked',
    detail:
      locks.length > 0
        ? `${locks.join('; ')}.`
        : safe > 0
          ? null
          : 'No LP tokens at the burn addresses or in a known locker: their holders can withdraw the liquidity.',
  };
}

export function healthLines(h: TokenHealth, symbol: string, formatDate: (iso: string) => string): HealthLine[] {
  return [
    ownershipLine(h),
    privilegedLine(h),
    proxyLine(h),
    ...h.trading.map((t) => tradeLine(t, symbol)),
    ...h.liquidity.map((l) => liquidityLine(l, symbol, formatDate)),
  ];
}
