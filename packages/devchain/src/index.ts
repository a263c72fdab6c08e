export {
  DEVNET_CHAIN_ID,
  devnetAddresses,
  devnetTokens,
  demoAccounts,
  BURN_ADDRESS,
  MARKET_MAKER,
  REFERENCE_V3_FEE,
  V4_DEPLOYER,
  V4_HOOK_FLAGS,
  V4_DYNAMIC_FEE,
  SOLIDLY_DEPLOYER,
  SLIPSTREAM_TICK_SPACING,
  type DevnetAddresses,
  type DevnetSolidlyAddresses,
  type DevnetSlipstreamAddresses,
  type DevnetV4Addresses,
  type DevnetAlgebraAddresses,
  type DevnetLfjAddresses,
  ALGEBRA_DEPLOYER,
  LFJ_DEPLOYER,
  LFJ_BIN_STEP,
  type DevnetV4Pool,
  type DevnetV4PoolKey,
  type DevnetToken,
} from './addresses.js';
export {
  startDevnet,
  formatDevnetSummary,
  devnetEnabled,
  restartDelayMs,
  STATE_CHECK_INTERVAL_MS,
  type Devnet,
  type DevnetEvent,
  type DevnetHealth,
  type StartDevnetOptions,
} from './devnet.js';
export { deployDemo, PartialSeedError, HISTORY, MONTH_HISTORY, DEMO_BURN } from './deploy.js';
export { devnetChain } from './client.js';
export {
  swapOnDevnet,
  swapV4OnDevnet,
  DEVNET_POOLS,
  type DevnetSwap,
  type DevnetPool,
  type DevnetV4Swap,
  type DevnetV4PoolName,
  type DevnetSolidlyPoolName,
} from './swap.js';
export {
  solidlyPoolFactoryAbi,
  solidlyPoolAbi,
  solidlyRouterAbi,
  slipstreamFactoryAbi,
  slipstreamPoolAbi,
  slipstreamPositionManagerAbi,
  slipstreamSwapRouterAbi,
  solidlyPoolAddress,
  slipstreamPoolAddress,
} from './solidly.js';
// The compiled Solidly V2 and Slipstream contracts (docs/decisions/0060), e.g. to deploy a second,
// foreign factory in a test.
export * as solidlyArtifacts from './generated/solidly.js';
export * as slipstreamArtifacts from './generated/slipstream.js';
// Algebra Integral's compiled factory, pool deployer and pool (docs/decisions/0061), for a test's foreign factory.
export * as algebraArtifacts from './generated/algebra.js';
// LFJ Liquidity Book's (docs/decisions/0061), for a foreign factory in a test.
export * as lfjArtifacts from './generated/lfj.js';
export { v4PoolId, v4HookPermissions, v4PoolManagerAbi, v4StateViewAbi, v4HookAbi, V4_HOOK_PERMISSIONS } from './v4.js';
export {
  algebraFactoryAbi,
  algebraPoolAbi,
  lbFactoryAbi,
  lbPairAbi,
  algebraPoolAddress,
  lfjPairAddress,
} from './algebra-lfj.js';
export { devnetClients, type DevnetClients } from './client.js';
export {
  deployHolderTestToken,
  transferTestToken,
  createPoolOnDevnet,
  fundV2PairWithWeth,
  deployTestContract,
  callTestContract,
  testContracts,
  type TestContractName,
} from './test-fixtures.js';
export { holderTestToken } from './generated/contracts.js';
export {
  deployTraitWorld,
  ensureDevnetLiquidityLocker,
  devnetLiquidityLocker,
  traitArtifacts,
  TRAIT_BUY_BPS,
  TRAIT_SELL_BPS,
  type TraitToken,
  type TraitWorld,
} from './trait-tokens.js';
