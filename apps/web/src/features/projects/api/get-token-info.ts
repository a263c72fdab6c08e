import { api } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export interface TokenInfoInput {
  network: number;
  contract_address: string;
}

/**
 * POST projects/get-token-info/ → {name, symbol, decimals} read from the contract. 400 with a clear
 * detail for a wallet or a non-ERC-20 contract; 503 when the network's node cannot be reached.
 */
export function getTokenInfo(body: TokenInfoInput) {
  return apiCall(api.projects.tokenInfo, { body });
}

/** A mutation, not a query: it runs when the user presses 'Fetch Token Info', and its answer fills the form. */
export function useGetTokenInfo() {
  return useMutation({ mutationFn: getTokenInfo });
}
