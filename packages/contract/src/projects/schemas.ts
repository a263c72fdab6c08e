import { z } from 'zod';
import { addressField } from '../fields';
import { networkIdField } from '../networks/schemas';
import { strictNumber } from '../numbers';
import { DASHBOARD_LIST_LIMIT, listSearch, pageCursor, pageLimit } from '../paging';
import { projectMessages } from './messages';

/** What a project stores of a token's name and symbol; 'Fetch Token Info' never answers longer. */
export const TOKEN_NAME_MAX_LENGTH = 100;
export const TOKEN_SYMBOL_MAX_LENGTH = 32;
const m = projectMessages;

export const projectSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    ticker: z.string(),
    token_symbol: z.string(),
    token_decimal: z.number().int(),
    network: z.number().int(),
    contract_address: z.string(),
    created_at: z.string(),
    holder_count: z
      .number()
      .int()
      .nullable()
      .describe(
        'Addresses holding the token, from its Transfer history; null until the history is indexed, and when holder statistics are not available',
      ),
    holders_available: z
      .boolean()
      .describe(
        'False when the token has a supply but no Transfer logs of its own (they come from another contract), so holder statistics cannot be counted: holder_count then stays null for good rather than while indexing',
      ),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

export const projectListQuerySchema = z.object({
  q: listSearch.describe('Case-insensitive text in the name, the symbol or the contract address'),
  cursor: pageCursor,
  limit: pageLimit,
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

export const projectListSchema = z
  .object({
    projects: z.array(projectSchema),
    next_cursor: z.string().nullable().describe('Cursor of the next page; null on the last page'),
  })
  .meta({ id: 'ProjectList' });
export type ProjectList = z.infer<typeof projectListSchema>;

export const projectSummarySchema = z
  .object({
    project_count: z.number().int(),
    recent_projects: z.array(projectSchema).describe(`The ${DASHBOARD_LIST_LIMIT} newest, in the order of projects/`),
  })
  .meta({ id: 'ProjectSummary' });
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const createProjectFieldOrder = [
  'network',
  'contract_address',
  'name',
  'token_symbol',
  'token_decimal',
] as const;
export const createProjectBodySchema = z
  .strictObject({
    network: networkIdField,
    contract_address: addressField,
    // Not stored: the project takes the contract's name and symbol (decision 0057). Still required,
    // as 'Fetch Token Info' fills them, so every client written for the first API keeps working.
    name: z
      .string({ error: m.nameRequired })
      .trim()
      .min(1, m.nameRequired)
      .max(TOKEN_NAME_MAX_LENGTH, m.nameTooLong)
      .describe(
        "Not stored: the project takes the contract's name as get-token-info answers it (that answer is accepted unchanged)",
      ),
    token_symbol: z
      .string({ error: m.symbolRequired })
      .trim()
      .min(1, m.symbolRequired)
      .max(TOKEN_SYMBOL_MAX_LENGTH, m.symbolTooLong)
      .describe("Not stored: the project takes the contract's symbol as get-token-info answers it"),
    token_decimal: strictNumber(
      z
        .number({ error: m.decimalsRequired })
        .int(m.decimalsInvalid)
        .min(0, m.decimalsInvalid)
        .max(36, m.decimalsInvalid),
      m.decimalsRequired,
    ),
  })
  .meta({ id: 'CreateProjectBody' });
export type CreateProjectBody = z.input<typeof createProjectBodySchema>;

export const tokenInfoBodySchema = z
  .strictObject({ network: networkIdField, contract_address: addressField })
  .meta({ id: 'TokenInfoBody' });
export const tokenInfoSchema = z
  .object({
    name: z
      .string()
      .describe(
        `Cleaned of control and invisible characters and cut to ${TOKEN_NAME_MAX_LENGTH} characters, so Add Project accepts it as is`,
      ),
    symbol: z.string().describe(`Cleaned like the name and cut to ${TOKEN_SYMBOL_MAX_LENGTH} characters`),
    decimals: z.number().int(),
    notes: z
      .array(z.string())
      .optional()
      .describe(
        'Present when name or symbol are not exactly what the contract answered: a sentence per change ' +
          '(characters removed, text shortened, or a fallback because name() or symbol() reverted or answered nothing — both are optional in EIP-20). ' +
          'Absent when the contract answered clean values.',
      ),
    existing_project: z
      .object({ id: z.number().int(), name: z.string(), token_symbol: z.string() })
      .optional()
      .describe(
        "Present when the signed-in user already has a project for this token on this network (projects/create would answer 409). Only the user's own projects: another user's project of the same token is never told.",
      ),
  })
  .meta({ id: 'TokenInfo' });
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

export const searchQuerySchema = z.object({ query: z.string().max(100).default('') });
export const searchResultSchema = z
  .array(z.object({ id: z.number().int(), name: z.string(), token_symbol: z.string() }))
  .meta({ id: 'SearchResults' });
export type SearchResult = z.infer<typeof searchResultSchema>[number];
