import { api, type LegalDocumentKind } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** GET legal/{kind}/: the operator's text, or the one TokenDesk ships. No credential: signed-out visitors read it. */
export const legalDocumentQueryOptions = (kind: LegalDocumentKind) =>
  queryOptions({
    queryKey: ['legal', kind] as const,
    queryFn: ({ signal }) =>
      apiCall(api.legal.document, { params: { kind } }, { credentials: { kind: 'none' }, signal }),
    staleTime: 5 * 60_000,
  });

export function useLegalDocument(kind: LegalDocumentKind) {
  return useQuery(legalDocumentQueryOptions(kind));
}
