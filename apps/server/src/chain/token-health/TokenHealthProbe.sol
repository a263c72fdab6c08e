// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// Never deployed. TokenDesk places this code at an unused address with an eth_call state override
// and calls probe() there: one simulated buy and sell of a token through its V2-style or Solidly
// pool (the pair's own swap, as the pair's router does it), with no transaction and no key. The
// paired token's balance of this address comes from the same state override. Every call into the
// token and the pool is a low-level call, so a hostile token's revert is a finding, not a failure.
// Compiled by apps/server/scripts/build-token-health-probe.ts into probe-artifact.ts.
contract TokenHealthProbe {
    /// Where the simulation stopped: 0 it completed; 1 sending the paired token to the pool failed;
    /// 2 the buy swap reverted; 3 sending the bought tokens into the pool (the sell) reverted;
    /// 4 the sell swap reverted; 5 the pool's reserves or token0 could not be read.
    struct Result {
        uint8 stoppedAt;
        uint256 buyExpected;
        uint256 buyReceived;
        uint256 sellSent;
        uint256 sellArrived;
        uint256 sellExpected;
        uint256 sellReceived;
    }

    uint256 private constant CALL_GAS = 1_500_000;

    function probe(address pool, address token, address paired, uint256 amountIn, uint256 feeBps) external returns (Result memory r) {
        (bool ok0, address token0) = _token0(pool);
        if (!ok0 || (token0 != token && token0 != paired)) {
            r.stoppedAt = 5;
            return r;
        }
        bool tokenIs0 = token0 == token;
        (bool okR, uint256 reserveToken, uint256 reservePaired) = _reserves(pool, tokenIs0);
        if (!okR || reserveToken == 0 || reservePaired == 0) {
            r.stoppedAt = 5;
            return r;
        }

        // Buy: the paired token into the pool, the expected tokens out.
        if (!_transfer(paired, pool, amountIn)) {
            r.stoppedAt = 1;
            return r;
        }
        r.buyExpected = _quote(pool, amountIn, paired, reservePaired, reserveToken, feeBps);
        uint256 before = _balance(token, address(this));
        if (!_swap(pool, tokenIs0 ? r.buyExpected : 0, tokenIs0 ? 0 : r.buyExpected)) {
            r.stoppedAt = 2;
            return r;
        }
        r.buyReceived = _balance(token, address(this)) - before;

        // Sell what arrived: what the pool receives of it, then the paired token out.
        r.sellSent = r.buyReceived;
        (okR, reserveToken, reservePaired) = _reserves(pool, tokenIs0);
        uint256 poolBefore = _balance(token, pool);
        if (!okR || !_transfer(token, pool, r.sellSent)) {
            r.stoppedAt = 3;
            return r;
        }
        uint256 poolAfter = _balance(token, pool);
        r.sellArrived = poolAfter > poolBefore ? poolAfter - poolBefore : 0;
        r.sellExpected = _quote(pool, r.sellArrived, token, reserveToken, reservePaired, feeBps);
        before = _balance(paired, address(this));
        if (r.sellExpected == 0 || !_swap(pool, tokenIs0 ? 0 : r.sellExpected, tokenIs0 ? r.sellExpected : 0)) {
            r.stoppedAt = 4;
            return r;
        }
        uint256 afterSell = _balance(paired, address(this));
        r.sellReceived = afterSell > before ? afterSell - before : 0;
    }

    /// The pool's own quote where it has one (Solidly's getAmountOut(amountIn, tokenIn): the stable
    /// curve is not x·y = k), never more than the reserve; else x·y = k less the fee allowance.
    function _quote(address pool, uint256 amountIn, address tokenIn, uint256 reserveIn, uint256 reserveOut, uint256 feeBps) private view returns (uint256) {
        (bool ok, bytes memory data) = pool.staticcall{gas: CALL_GAS}(abi.encodeWithSelector(0xf140a35a, amountIn, tokenIn));
        if (ok && data.length == 32) {
            uint256 quoted = abi.decode(data, (uint256));
            if (quoted < reserveOut) return quoted;
        }
        return _amountOut(amountIn, reserveIn, reserveOut, feeBps);
    }

    function _amountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut, uint256 feeBps) private pure returns (uint256) {
        uint256 inAfterFee = amountIn * (10_000 - feeBps);
        return (inAfterFee * reserveOut) / (reserveIn * 10_000 + inAfterFee);
    }

    function _token0(address pool) private view returns (bool, address) {
        (bool ok, bytes memory data) = pool.staticcall{gas: CALL_GAS}(abi.encodeWithSelector(0x0dfe1681));
        if (!ok || data.length < 32) return (false, address(0));
        uint256 word = abi.decode(data, (uint256));
        if (word >> 160 != 0) return (false, address(0));
        return (true, address(uint160(word)));
    }

    /// getReserves() read as two words, so uint112 (Uniswap V2) and uint256 (Solidly) both fit.
    function _reserves(address pool, bool tokenIs0) private view returns (bool, uint256, uint256) {
        (bool ok, bytes memory data) = pool.staticcall{gas: CALL_GAS}(abi.encodeWithSelector(0x0902f1ac));
        if (!ok || data.length < 64) return (false, 0, 0);
        (uint256 r0, uint256 r1) = abi.decode(data, (uint256, uint256));
        return tokenIs0 ? (true, r0, r1) : (true, r1, r0);
    }

    function _balance(address token, address holder) private view returns (uint256) {
        (bool ok, bytes memory data) = token.staticcall{gas: CALL_GAS}(abi.encodeWithSelector(0x70a08231, holder));
        if (!ok || data.length < 32) return 0;
        return abi.decode(data, (uint256));
    }

    function _transfer(address token, address to, uint256 value) private returns (bool) {
        (bool ok, bytes memory data) = token.call{gas: CALL_GAS}(abi.encodeWithSelector(0xa9059cbb, to, value));
        return ok && (data.length == 0 || (data.length >= 32 && abi.decode(data, (uint256)) != 0));
    }

    function _swap(address pool, uint256 amount0Out, uint256 amount1Out) private returns (bool) {
        (bool ok, ) = pool.call{gas: CALL_GAS}(abi.encodeWithSelector(0x022c0d9f, amount0Out, amount1Out, address(this), new bytes(0)));
        return ok;
    }
}
