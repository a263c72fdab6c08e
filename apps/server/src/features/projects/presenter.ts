import type { Project } from '@tokendesk/contract';
import { toChecksumAddress } from '../../lib/addresses';
import type { ProjectWithHolders } from './repository';

export const toApiProject = (p: ProjectWithHolders): Project => ({
  id: p.id,
  name: p.name,
  ticker: p.tokenSymbol,
  token_symbol: p.tokenSymbol,
  token_decimal: p.tokenDecimal,
  network: p.networkId,
  contract_address: toChecksumAddress(p.contractAddress),
  created_at: p.createdAt.toISOString(),
  holder_count: p.holderCount ?? null,
  holders_available: !p.holdersUnavailable,
});
