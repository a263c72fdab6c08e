import { z } from 'zod';

/*
 * The 'Token health' card (issue 34 items 1 and 2): what a community checks before buying, read
 * from the chain at one block, each finding with how it was determined. 'unknown' is an answer:
 * the chain is untrusted input, and a contract that reverts or answers garbage gets 'unknown'.
 */

const block = z.string().describe('The block every read of this finding was made at (decimal)');
const how = z.string().describe('How we know: the calls, slots or simulation behind the finding, in plain words');

export const ownershipStatuses = ['owned', 'renounced', 'no_owner_function', 'unknown'] as const;
export const ownershipSchema = z
  .object({
    status: z
      .enum(ownershipStatuses)
      .describe(
        'owned: owner() names an address; renounced: owner() is the zero or the 0x…dEaD address; no_owner_function: the code has no owner() and the call reverts',
      ),
    owner: z.string().nullable(),
    block,
    how,
  })
  .meta({ id: 'TokenOwnership' });

export const privilegeCategories = ['mint', 'pause', 'blacklist', 'fees', 'upgrade'] as const;
export type PrivilegeCategory = (typeof privilegeCategories)[number];
export const privilegeCategoryText: Record<PrivilegeCategory, string> = {
  mint: 'Mint new tokens',
  pause: 'Pause transfers or trading',
  blacklist: 'Block addresses',
  fees: 'Set fees or taxes',
  upgrade: 'Replace the contract code',
};

export const privilegedFunctionsSchema = z
  .object({
    status: z
      .enum(['exposes', 'none', 'unknown'])
      .describe(
        'exposes: at least one listed function selector is in the runtime code; this says what the code exposes, not what anyone intends',
      ),
    functions: z.array(
      z.object({ category: z.enum(privilegeCategories), signature: z.string(), selector: z.string() }),
    ),
    block,
    how,
  })
  .meta({ id: 'TokenPrivilegedFunctions' });

export const proxyStatuses = ['upgradeable', 'minimal_proxy', 'not_proxy', 'unknown'] as const;
export const proxySchema = z
  .object({
    status: z
      .enum(proxyStatuses)
      .describe(
        'upgradeable: a standard proxy slot names an implementation or beacon; minimal_proxy: EIP-1167 clone (fixed code); not_proxy: none of the slots is set',
      ),
    standard: z.enum(['eip1967', 'eip1967_beacon', 'eip1822', 'eip1167']).nullable(),
    implementation: z.string().nullable(),
    admin: z.string().nullable().describe('EIP-1967 admin slot; null when it is empty'),
    beacon: z.string().nullable(),
    block,
    how,
  })
  .meta({ id: 'TokenProxy' });

export const tradeStatuses = ['sellable', 'sell_reverts', 'buy_reverts', 'not_simulated', 'unknown'] as const;
export const tradeSimulationSchema = z
  .object({
    pool_id: z.number().int(),
    pool_address: z.string(),
    dex_name: z.string(),
    paired_symbol: z.string(),
    status: z
      .enum(tradeStatuses)
      .describe(
        'sellable: a simulated buy and sell both went through; sell_reverts: the simulated sell reverted (cannot be sold); buy_reverts: the simulated buy reverted',
      ),
    buy_tax_pct: z.number().nullable().describe('Share of the bought tokens that did not arrive, in %'),
    sell_tax_pct: z.number().nullable().describe('Share of the sold tokens that did not reach the pool, in %'),
    block,
    how,
  })
  .meta({ id: 'TokenTradeSimulation' });

export const liquidityLockSchema = z.object({
  locker_name: z.string(),
  locker_address: z.string(),
  share_pct: z.number().describe('Share of all LP tokens in this lock, in %'),
  unlock_at: z
    .string()
    .nullable()
    .describe('ISO time the locker lets the owner withdraw; null when the locker does not say'),
});

export const liquiditySafetySchema = z
  .object({
    pool_id: z.number().int(),
    pool_address: z.string(),
    dex_name: z.string(),
    paired_symbol: z.string(),
    status: z
      .enum(['measured', 'not_supported', 'unknown'])
      .describe(
        "measured: LP shares (V2-style, Solidly) or the deployer's V3 share were read; not_supported: a pool family not read yet",
      ),
    burned_pct: z.number().nullable().describe('Share of LP tokens held by the zero and 0x…dEaD addresses, in %'),
    locked_pct: z.number().nullable().describe("Share of LP tokens held by this network's known lockers, in %"),
    locks: z.array(liquidityLockSchema),
    deployer: z
      .string()
      .nullable()
      .describe("The token's deployer, for pools whose liquidity is in positions (Uniswap V3)"),
    deployer_in_range_pct: z
      .number()
      .nullable()
      .describe(
        "Uniswap V3: share of the pool's in-range liquidity held by the deployer's NFT positions, in %; null for other pools or when not measured",
      ),
    block,
    how,
  })
  .meta({ id: 'TokenLiquiditySafety' });

export const tokenHealthSchema = z
  .object({
    project_id: z.number().int(),
    token: z.string(),
    block: z.string().describe('Every finding was read at this block'),
    ownership: ownershipSchema,
    privileged: privilegedFunctionsSchema,
    proxy: proxySchema,
    trading: z.array(tradeSimulationSchema),
    liquidity: z.array(liquiditySafetySchema),
  })
  .meta({ id: 'TokenHealth' });

export type TokenHealth = z.infer<typeof tokenHealthSchema>;
export type TokenOwnership = z.infer<typeof ownershipSchema>;
export type TokenPrivilegedFunctions = z.infer<typeof privilegedFunctionsSchema>;
export type TokenProxy = z.infer<typeof proxySchema>;
export type TokenTradeSimulation = z.infer<typeof tradeSimulationSchema>;
export type TokenLiquiditySafety = z.infer<typeof liquiditySafetySchema>;
