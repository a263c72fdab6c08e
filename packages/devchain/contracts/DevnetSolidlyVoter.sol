// SPDX-License-Identifier: MIT
pragma solidity >=0.7.6 <0.9.0;

// The devnet's stand-in for Aerodrome's Voter (docs/decisions/0060). Slipstream's CLFactory reads
// `factoryRegistry()` once in its constructor and asks `gauges(pool)` / `isAlive(gauge)` for the
// unstaked fee on every swap; Aerodrome's Router keeps a voter address it only calls when zapping
// into a gauge. The devnet has no gauges, no votes and no emissions, so this answers "no gauge":
// CLFactory.getUnstakedFee is then 0 and pools charge only their swap fee, as an unstaked pool does
// on Base. Compiled by scripts/build-solidly.ts into src/generated/solidly.ts.
contract DevnetSolidlyVoter {
    address public immutable factoryRegistry;
    address public immutable emergencyCouncil;

    constructor(address _factoryRegistry) {
        factoryRegistry = _factoryRegistry;
        emergencyCouncil = msg.sender;
    }

    function gauges(address) external pure returns (address) {
        return address(0);
    }

    function isAlive(address) external pure returns (bool) {
        return false;
    }
}
