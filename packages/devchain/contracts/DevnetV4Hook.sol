// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// A small Uniswap V4 hook for the local devnet only: it gives the devnet one pool whose hook
// permissions (the low 14 bits of this contract's address) show in TokenDesk. Self-contained (no
// v4-core imports): the structs below have v4-core's ABI layout, so the selectors match IHooks.
// The PoolManager calls only the hooks whose permission bits the address has: afterInitialize,
// afterAddLiquidity and afterSwap (docs/decisions/0041-v4-devnet-busl.md).

struct PoolKey {
    address currency0;
    address currency1;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
}

struct ModifyLiquidityParams {
    int24 tickLower;
    int24 tickUpper;
    int256 liquidityDelta;
    bytes32 salt;
}

struct SwapParams {
    bool zeroForOne;
    int256 amountSpecified;
    uint160 sqrtPriceLimitX96;
}

interface IDynamicFeeManager {
    function updateDynamicLPFee(PoolKey memory key, uint24 newDynamicLPFee) external;
}

contract DevnetV4Hook {
    address public immutable poolManager;
    address public immutable owner;
    /** The LP fee (hundredths of a bip) a dynamic-fee pool starts with once initialised. */
    uint24 public constant INITIAL_DYNAMIC_FEE = 2500;
    uint256 public swapCount;
    uint256 public addLiquidityCount;

    error NotPoolManager();
    error NotOwner();

    constructor(address poolManager_, address owner_) {
        poolManager = poolManager_;
        owner = owner_;
    }

    modifier onlyPoolManager() {
        if (msg.sender != poolManager) revert NotPoolManager();
        _;
    }

    /** A dynamic-fee pool's LP fee is 0 until its hook sets one: set it right after initialisation. */
    function afterInitialize(address, PoolKey calldata key, uint160, int24) external onlyPoolManager returns (bytes4) {
        if (key.fee == 0x800000) IDynamicFeeManager(poolManager).updateDynamicLPFee(key, INITIAL_DYNAMIC_FEE);
        return this.afterInitialize.selector;
    }

    function afterAddLiquidity(address, PoolKey calldata, ModifyLiquidityParams calldata, int256, int256, bytes calldata)
        external
        onlyPoolManager
        returns (bytes4, int256)
    {
        addLiquidityCount += 1;
        return (this.afterAddLiquidity.selector, 0);
    }

    function afterSwap(address, PoolKey calldata, SwapParams calldata, int256, bytes calldata)
        external
        onlyPoolManager
        returns (bytes4, int128)
    {
        swapCount += 1;
        return (this.afterSwap.selector, 0);
    }

    /** Lets tests change a dynamic-fee pool's fee, as a real dynamic-fee hook would on its own. */
    function setFee(PoolKey calldata key, uint24 fee) external {
        if (msg.sender != owner) revert NotOwner();
        IDynamicFeeManager(poolManager).updateDynamicLPFee(key, fee);
    }
}
