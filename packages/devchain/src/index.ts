export {
  DEVNET_CHAIN_ID,
  devnetAddresses,
  devnetTokens,
  demoAccounts,
  BURN_ADDRESS,
  MARKET_MAKER,
  REFERENCE_V3_FEE,
  type DevnetAddresses,
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
export { swapOnDevnet, type DevnetSwap, type DevnetPool } from './swap.js';
export { devnetClients, type DevnetClients } from './client.js';
export {
  deployHolderTestToken,
  transferTestToken,
  createPoolOnDevnet,
  deployTestContract,
  callTestContract,
  testContracts,
  type TestContractName,
} from './test-fixtures.js';
export { holderTestToken } from './generated/contracts.js';
