import type { Address } from 'viem';

/**
 * Launchpads that create Uniswap V4 pools through hooks of their own (docs/decisions/0063): a pool
 * whose key names one of these hooks is labelled with the launchpad's name wherever its hooks are
 * shown. Keyed by network like the DEXes: a hook address means nothing on another chain.
 *
 * Only hooks listed in the launchpad's own repository count. A pool keeps the hook it was
 * initialised with, so every hook a launchpad has used stays in the list after it moves on.
 */
export interface LaunchpadHook {
  address: Address;
  /** The name shown: 'Clanker', 'Zora'. */
  launchpad: string;
  /** The launchpad's own name for the contract, for whoever checks the list against its source. */
  contract: string;
}

const clanker = (contract: string, address: Address): LaunchpadHook => ({ address, launchpad: 'Clanker', contract });
const zora = (contract: string, address: Address): LaunchpadHook => ({ address, launchpad: 'Zora', contract });

/**
 * Clanker v4 hooks from github.com/clanker-devco/v4-contracts README.md, "Deployed Contracts"
 * (commit b004c2edda29fa282a16d5d1441a26484f70b37f, 2025-11-07). Base lists v4.0 and v4.1 hooks,
 * Arbitrum v4.0 ones; the repository lists no Clanker v4 hook on the other networks TokenDesk reads.
 */
const CLANKER_BASE = [
  clanker('ClankerHookDynamicFee (v4.0)', '0x34a45c6B61876d739400Bd71228CbcbD4F53E8cC'),
  clanker('ClankerHookStaticFee (v4.0)', '0xDd5EeaFf7BD481AD55Db083062b13a3cdf0A68CC'),
  clanker('ClankerHookDynamicFeeV2 (v4.1)', '0xd60D6B218116cFd801E28F78d011a203D2b068Cc'),
  clanker('ClankerHookStaticFeeV2 (v4.1)', '0xb429d62f8f3bFFb98CdB9569533eA23bF0Ba28CC'),
];
const CLANKER_ARBITRUM = [
  clanker('ClankerHookDynamicFee (v4.0)', '0xFd213BE7883db36e1049dC42f5BD6A0ec66B68cC'),
  clanker('ClankerHookStaticFee (v4.0)', '0xf7aC669593d2D9D01026Fa5B756DD5B4f7aAa8Cc'),
];

/**
 * Zora coin hooks on Base from github.com/ourzora/zora-protocol, the keys ZORA_V4_COIN_HOOK and
 * CREATOR_COIN_HOOK of its Base deployment file (packages/coins/addresses/8453.json, since January
 * 2026 packages/coins-deployments/addresses/8453.json), every value that file has held: Zora
 * upgrades the hook by deploying a new one, and coins made earlier keep theirs. The commit that
 * recorded each is given. BUY_SUPPLY_WITH_SWAP_ROUTER_HOOK in the same file is no V4 hook (a
 * post-deploy buy helper) and is left out.
 */
const ZORA_BASE = [
  zora('ZoraV4CoinHook, 5b521fa74e86', '0xf500d19f77827B55eF187fc2599a895844a59040'),
  zora('ZoraV4CoinHook, 8cd5686334ed', '0x8E04235B0A61dAb93ab99c0BEf82a407a8AF5040'),
  zora('ZoraV4CoinHook, 00e0d76215b6', '0xA1eBdD5cA6470Bbd67114331387f2dDa7bfad040'),
  zora('ZoraV4CoinHook, 5840fe87d811', '0x9149ef19013014fC37f6952F7F66C0B88dF2d040'),
  zora('ZoraV4CoinHook, ea039945a53e', '0x013d1f64ee45fbAC66B153CEB365EF04FD029040'),
  zora('ZoraV4CoinHook, 9035ce3b5543', '0xd3D133469ADC85e01A4887404D8AC12d630e9040'),
  zora('CreatorCoinHook, 9035ce3b5543', '0xffF800B76768dA8AB6aab527021e4a6A91219040'),
  zora('ZoraV4CoinHook, 6fe81f84ced9', '0x81542dC43Aff247eff4a0eceFC286A2973aE1040'),
  zora('CreatorCoinHook, 6fe81f84ced9', '0x9301690BE9aC901DE52c5EbFf883862BBfC99040'),
  zora('ZoraV4CoinHook, b9ec0f0618b4', '0xe61bDF0c9e665F02DF20FEdE6DcEF379Cb751040'),
  zora('CreatorCoinHook, b9ec0f0618b4', '0x854F820475b229B7805a386F758Cfb285023d040'),
  zora('ZoraV4CoinHook, e8b06d0e2dbd', '0x5bF219b3Cc11E3f6Dd8dc8fC89D7d1deB0431040'),
  zora('CreatorCoinHook, e8b06d0e2dbd', '0x5e5D19d22c85A4aef7C1FdF25fB22A5a38f71040'),
  zora('ZoraV4CoinHook, f6300031f5ad', '0xb030Fd8c2f8576f8Ab05cFBbe659285e7D7a1040'),
  zora('CreatorCoinHook, f6300031f5ad', '0xfBcE3D80C659C765bc6C55e29e87d839c7609040'),
  zora('ZoraV4CoinHook, c976b83732d8', '0x9ea932730A7787000042e34390B8E435dD839040'),
  zora('CreatorCoinHook, c976b83732d8', '0xd61A675F8a0c67A73DC3B54FB7318B4D91409040'),
  zora('ZoraV4CoinHook, 131c719a6d62', '0xff74Be9D3596eA7a33BB4983DD7906fB34135040'),
  zora('CreatorCoinHook, 131c719a6d62', '0x8218FA8d7922e22aED3556a09D5A715F16Ad5040'),
  zora('ZoraV4CoinHook, 9f138ad32f1d', '0x2b15a16B3Ef024005bA899Bb51764FCd58Cf9040'),
  zora('CreatorCoinHook, 9f138ad32f1d', '0x1258e5f3C71ca9dCE95Ce734Ba5759532E46D040'),
  zora('ZoraV4CoinHook, 668bfa3c7337', '0xC8d077444625eB300A427a6dfB2b1DBf9b159040'),
  zora('ZoraV4CoinHook, 27f588b24b81', '0xe2B4100DE1CD284Bd364f738d1354715515C90C0'),
  zora('ZoraV4CoinHook, 67d27f1d9f52', '0xF6d0A13609bb5779Bc5D639F2bA3Bfda83D4D0C0'),
  zora('ZoraV4CoinHook, 625684d267f8', '0x44285609B03E72764dE93C7e6ec121e9c43990c0'),
  zora('ZoraV4CoinHook, 50134ebc5afb', '0x448D57cf3cd68A4a56C931dA6Abec381d23F90C0'),
  zora('ZoraV4CoinHook (coins 2.6.0), e80641b897f0', '0x0469a4Bd3724DC86C9542F4694c976DA13C450c0'),
];

/** The launchpad hooks of each real network, by chain id. */
export const LAUNCHPAD_HOOKS: Readonly<Record<number, readonly LaunchpadHook[]>> = {
  8453: [...CLANKER_BASE, ...ZORA_BASE],
  42161: CLANKER_ARBITRUM,
};

/** The launchpad whose hook a V4 pool's key names, or null (no hooks, or a hook no launchpad lists). */
export function launchpadOf(
  hooks: readonly LaunchpadHook[] | undefined,
  hook: string | null | undefined,
): string | null {
  if (!hooks?.length || !hook) return null;
  // Compared in lower case without parsing: a stored value that is no address matches nothing.
  const wanted = hook.toLowerCase();
  return hooks.find((h) => h.address.toLowerCase() === wanted)?.launchpad ?? null;
}
