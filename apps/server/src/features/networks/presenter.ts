import type { DexOption, Network, TokenOption } from '@tokendesk/contract';
import { registryAddressOf } from '../../chain/dex/registry';
import { familyOf, type DexConfig, type NetworkConfig, type TokenConfig } from '../../chain/networks';
import { toChecksumAddress } from '../../lib/addresses';

export const toApiNetwork = (n: NetworkConfig): Network => ({
  id: n.id,
  name: n.name,
  chain_id: n.chainId,
  native_symbol: n.nativeSymbol,
  network_logo: n.logo,
  network_explorer: n.explorer,
});

export const toApiDex = (d: DexConfig): DexOption => ({
  id: d.id,
  name: d.name,
  dex_logo: d.logo,
  version: d.version,
  family: familyOf(d),
  factory: toChecksumAddress(registryAddressOf(d)),
});

export const toApiToken = (t: TokenConfig): TokenOption => ({
  id: t.id,
  name: t.name,
  symbol: t.symbol,
  address: toChecksumAddress(t.address),
  decimals: t.decimals,
  token_logo: t.logo,
});
