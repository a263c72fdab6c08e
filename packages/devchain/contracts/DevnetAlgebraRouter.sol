// SPDX-License-Identifier: MIT
pragma solidity =0.8.20;

/// Only what the router calls on an Algebra Integral pool (src/core/contracts/interfaces/pool/IAlgebraPoolActions.sol).
interface IDevnetAlgebraPool {
  function token0() external view returns (address);
  function token1() external view returns (address);
  function mint(address leftoversRecipient, address recipient, int24 bottomTick, int24 topTick, uint128 liquidityDesired, bytes calldata data)
    external returns (uint256 amount0, uint256 amount1, uint128 liquidityActual);
  function burn(int24 bottomTick, int24 topTick, uint128 amount, bytes calldata data) external returns (uint256 amount0, uint256 amount1);
  function collect(address recipient, int24 bottomTick, int24 topTick, uint128 amount0Requested, uint128 amount1Requested)
    external returns (uint128 amount0, uint128 amount1);
  function swap(address recipient, bool zeroToOne, int256 amountRequired, uint160 limitSqrtPrice, bytes calldata data)
    external returns (int256 amount0, int256 amount1);
}

interface IDevnetAlgebraFactory {
  function poolByPair(address tokenA, address tokenB) external view returns (address);
}

interface IDevnetERC20 {
  function transferFrom(address from, address to, uint256 amount) external returns (bool);
  function transfer(address to, uint256 amount) external returns (bool);
}

interface IDevnetWETH9 {
  function deposit() external payable;
}

/**
 * The devnet's way into an Algebra Integral pool, in the manner of the repository's own
 * TestAlgebraCallee (src/core/contracts/test): a pool pays out first and calls back for what it is
 * owed, which this contract pulls from the caller (who approved it). Positions belong to this
 * router, one per caller and range (the pool keys them by owner and ticks only), so it keeps each
 * caller's share. ETH sent with a swap pays its WETH leg: it is wrapped and handed to the pool
 * (liquidity is paid in WETH).
 * For the local devnet only: no slippage bounds, no deadline.
 */
contract DevnetAlgebraRouter {
  address public immutable weth;
  /// Callbacks are honoured only from this factory's pools: anyone else could ask to be paid.
  address public immutable factory;

  /// Liquidity each caller holds through this router, per pool and range.
  mapping(bytes32 => uint128) public liquidityOf;

  constructor(address weth_, address factory_) {
    weth = weth_;
    factory = factory_;
  }

  struct Callback {
    address payer;
    uint256 ethIn;
  }

  /// TickMath.MIN_SQRT_RATIO + 1 and MAX_SQRT_RATIO - 1: no price limit either way.
  uint160 private constant MIN_LIMIT = 4295128739 + 1;
  uint160 private constant MAX_LIMIT = 1461446703485210103287273052203988822378723970342 - 1;

  function positionKey(address pool, address owner, int24 bottomTick, int24 topTick) public pure returns (bytes32) {
    return keccak256(abi.encode(pool, owner, bottomTick, topTick));
  }

  /// Sells exactly amountIn of one token (of msg.value ETH when it is WETH and ETH is sent) for the other.
  function swapExactIn(address pool, bool zeroToOne, uint256 amountIn, address recipient) external payable returns (int256 amount0, int256 amount1) {
    require(msg.value == 0 || msg.value == amountIn, 'value must equal amountIn');
    (amount0, amount1) = IDevnetAlgebraPool(pool).swap(
      recipient,
      zeroToOne,
      int256(amountIn),
      zeroToOne ? MIN_LIMIT : MAX_LIMIT,
      abi.encode(Callback(msg.sender, msg.value))
    );
  }

  function mint(address pool, int24 bottomTick, int24 topTick, uint128 liquidity) external returns (uint256 amount0, uint256 amount1) {
    uint128 actual;
    (amount0, amount1, actual) = IDevnetAlgebraPool(pool).mint(msg.sender, address(this), bottomTick, topTick, liquidity, abi.encode(Callback(msg.sender, 0)));
    liquidityOf[positionKey(pool, msg.sender, bottomTick, topTick)] += actual;
  }

  /// Removes liquidity from the caller's share and sends what it was worth (and its fees) to the caller.
  function burn(address pool, int24 bottomTick, int24 topTick, uint128 liquidity) external returns (uint128 amount0, uint128 amount1) {
    bytes32 key = positionKey(pool, msg.sender, bottomTick, topTick);
    require(liquidityOf[key] >= liquidity, 'more than the position holds');
    liquidityOf[key] -= liquidity;
    (uint256 owed0, uint256 owed1) = IDevnetAlgebraPool(pool).burn(bottomTick, topTick, liquidity, '');
    (amount0, amount1) = IDevnetAlgebraPool(pool).collect(msg.sender, bottomTick, topTick, uint128(owed0), uint128(owed1));
  }

  function algebraSwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
    _onlyPool();
    Callback memory cb = abi.decode(data, (Callback));
    if (amount0Delta > 0) _pay(IDevnetAlgebraPool(msg.sender).token0(), cb, uint256(amount0Delta));
    if (amount1Delta > 0) _pay(IDevnetAlgebraPool(msg.sender).token1(), cb, uint256(amount1Delta));
  }

  function algebraMintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata data) external {
    _onlyPool();
    Callback memory cb = abi.decode(data, (Callback));
    if (amount0Owed > 0) _pay(IDevnetAlgebraPool(msg.sender).token0(), cb, amount0Owed);
    if (amount1Owed > 0) _pay(IDevnetAlgebraPool(msg.sender).token1(), cb, amount1Owed);
  }

  function _onlyPool() private view {
    IDevnetAlgebraPool pool = IDevnetAlgebraPool(msg.sender);
    require(IDevnetAlgebraFactory(factory).poolByPair(pool.token0(), pool.token1()) == msg.sender, 'not a pool of the factory');
  }

  function _pay(address token, Callback memory cb, uint256 amount) private {
    if (token == weth && cb.ethIn > 0) {
      require(cb.ethIn >= amount, 'not enough ETH sent');
      IDevnetWETH9(weth).deposit{value: amount}();
      require(IDevnetERC20(weth).transfer(msg.sender, amount), 'WETH transfer failed');
      if (cb.ethIn > amount) payable(cb.payer).transfer(cb.ethIn - amount);
    } else {
      require(IDevnetERC20(token).transferFrom(cb.payer, msg.sender, amount), 'transferFrom failed');
    }
  }
}
