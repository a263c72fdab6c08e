import { toFunctionSelector } from 'viem';

/*
 * Privileged functions by 4-byte selector in the runtime code. A selector in the code means the
 * contract exposes that function, not that anyone will call it, nor who may: the card says
 * "exposes". The list holds the common names of each kind (OpenZeppelin's and the usual launch
 * templates'); a token that names its mint differently is not caught, and the card says so.
 */
/** The kinds of privileged function; the API contract lists the same five (privilegeCategories). */
export type PrivilegeCategory = 'mint' | 'pause' | 'blacklist' | 'fees' | 'upgrade';

const SIGNATURES: Record<PrivilegeCategory, readonly string[]> = {
  mint: ['mint(address,uint256)', 'mint(uint256)', 'mintTo(address,uint256)', 'issue(uint256)'],
  pause: ['pause()', 'unpause()', 'setPaused(bool)', 'setTradingEnabled(bool)', 'enableTrading()', 'disableTrading()'],
  blacklist: [
    'setBlacklist(address,bool)',
    'blacklist(address)',
    'blacklistAddress(address,bool)',
    'addToBlacklist(address)',
    'addBlacklist(address)',
    'setBots(address[],bool)',
    'addBots(address[])',
    'setBot(address,bool)',
  ],
  fees: [
    'setFees(uint256,uint256)',
    'setFee(uint256)',
    'setFee(uint256,uint256)',
    'setTaxes(uint256,uint256)',
    'setTax(uint256)',
    'setBuyFee(uint256)',
    'setSellFee(uint256)',
    'setBuyTax(uint256)',
    'setSellTax(uint256)',
    'updateFees(uint256,uint256)',
    'setTaxFeePercent(uint256)',
  ],
  upgrade: ['upgradeTo(address)', 'upgradeToAndCall(address,bytes)'],
};

export interface PrivilegedSelector {
  category: PrivilegeCategory;
  signature: string;
  selector: `0x${string}`;
}

export const PRIVILEGED_SELECTORS: readonly PrivilegedSelector[] = Object.entries(SIGNATURES).flatMap(
  ([category, signatures]) =>
    signatures.map((signature) => ({
      category: category as PrivilegeCategory,
      signature,
      selector: toFunctionSelector(`function ${signature}`),
    })),
);

export const OWNER_SELECTOR = toFunctionSelector('function owner()');

/**
 * Every value a PUSH1–PUSH4 puts on the stack in `code`, walking the opcodes so that the data of
 * a PUSH is never read as an opcode. solc compares the calldata's selector with PUSH4 (PUSH3 or
 * less when the selector starts with zero bytes), so these are the candidate selectors.
 */
export function pushedSelectors(code: string): Set<number> {
  const hex = code.startsWith('0x') ? code.slice(2) : code;
  const found = new Set<number>();
  const length = Math.floor(hex.length / 2);
  for (let i = 0; i < length; ) {
    const op = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    if (Number.isNaN(op)) break;
    if (op >= 0x60 && op <= 0x7f) {
      const n = op - 0x5f;
      if (n <= 4 && i + n < length) {
        const value = parseInt(hex.slice((i + 1) * 2, (i + 1 + n) * 2), 16);
        // Only a value that needs exactly these n bytes: solc pushes a selector in its shortest form.
        if (!Number.isNaN(value) && (n === 1 || value >= 2 ** (8 * (n - 1)))) found.add(value);
      }
      i += 1 + n;
    } else {
      i += 1;
    }
  }
  return found;
}

/** The listed privileged functions whose selector is in any of `codes`. */
export function privilegedIn(codes: readonly string[]): PrivilegedSelector[] {
  const pushed = new Set<number>();
  for (const code of codes) for (const v of pushedSelectors(code)) pushed.add(v);
  return PRIVILEGED_SELECTORS.filter((s) => pushed.has(parseInt(s.selector.slice(2), 16)));
}

export function hasSelector(code: string, selector: string): boolean {
  return pushedSelectors(code).has(parseInt(selector.slice(2), 16));
}
