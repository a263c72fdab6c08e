import { projectDeleteSummarySchema } from '../delete-summary';
import { detailSchema } from '../errors';
import { idParamSchema } from '../fields';
import {
  createProjectBodySchema,
  createProjectFieldOrder,
  projectListQuerySchema,
  projectListSchema,
  projectSchema,
  projectSummarySchema,
  searchQuerySchema,
  searchResultSchema,
  tokenInfoBodySchema,
  tokenInfoSchema,
} from './schemas';
import { endpointGroup } from '../endpoint';

export const projectEndpoints = endpointGroup(
  { tags: ['Projects'], access: 'user', workspace: 'read', errors: [400, 401, 404, 409, 503] },
  {
    list: {
      method: 'GET',
      path: '/projects',
      summary: "The user's projects, newest first, a page at a time",
      description:
        'Newest first (created_at, then id). Page with `cursor` = `next_cursor` of the previous page (null on the last page); ' +
        '`limit` 1–200, default 50. `q` keeps the projects whose name, symbol or contract address contains it (case-insensitive).',
      query: projectListQuerySchema,
      fieldOrder: ['q', 'cursor', 'limit'],
      responses: { 200: projectListSchema },
    },
    summary: {
      method: 'GET',
      path: '/projects/summary',
      summary: 'For the dashboard: how many projects the user has and the newest five',
      description: 'The same projects as the first five of projects/, and their count, without reading the whole list.',
      responses: { 200: projectSummarySchema },
    },
    search: {
      method: 'GET',
      path: '/projects/search',
      budget: 'heavy',
      summary:
        "Search own projects by name, symbol or contract address (the full address or its start of at least 4 hex digits, with or without '0x'; case-insensitive, at most 10)",
      query: searchQuerySchema,
      responses: { 200: searchResultSchema },
    },
    tokenInfo: {
      method: 'POST',
      workspace: 'write',
      path: '/projects/get-token-info',
      budget: 'chain',
      summary: 'Read name, symbol and decimals from the token contract',
      description:
        'Name and symbol are untrusted contract data: control and invisible characters are removed and they are cut to what a project stores, ' +
        'so projects/create accepts the answer unchanged. A token whose name() or symbol() reverts or answers nothing printable is still a token ' +
        '(decimals() and totalSupply() decide); a fallback is filled in and `notes` says what was changed. ' +
        "`existing_project` names the caller's own project of this token on this network, if there is one.",
      body: tokenInfoBodySchema,
      fieldOrder: ['network', 'contract_address'],
      responses: { 200: tokenInfoSchema },
    },
    create: {
      method: 'POST',
      workspace: 'write',
      path: '/projects/create',
      budget: 'chain',
      summary: 'Add a token project',
      description:
        'The contract is read on chain first: it must be an ERC-20 token, and its decimals must match token_decimal. ' +
        "The project stores the contract's name and symbol, cleaned exactly as get-token-info answers them: `name` and `token_symbol` " +
        "are still required (get-token-info's answer passes unchanged) but not stored: the answer shows what was saved.",
      body: createProjectBodySchema,
      fieldOrder: createProjectFieldOrder,
      responses: { 201: projectSchema },
    },
    get: {
      method: 'GET',
      path: '/projects/:id',
      summary: 'One project',
      params: idParamSchema,
      responses: { 200: projectSchema },
    },
    deleteSummary: {
      method: 'GET',
      path: '/projects/:id/delete-summary',
      summary: 'What deleting a project also deletes',
      description:
        "How many pools and alerts go with the project, for the confirmation. Another user's project answers 404.",
      params: idParamSchema,
      responses: { 200: projectDeleteSummarySchema },
    },
    delete: {
      method: 'DELETE',
      workspace: 'owner',
      path: '/projects/:id',
      summary: 'Delete a project with its pools',
      params: idParamSchema,
      responses: { 200: detailSchema },
    },
  },
);
