// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// Contracts for the TokenDesk local development chain (chain id 31337) only. They are deployed by
// packages/devchain to seed a demo; they are not meant for, and never deployed to, a real network.
// Compiled by scripts/build-artifacts.ts into src/generated/contracts.ts.

/// Balances, allowances and transfers shared by the demo tokens. The whole supply is minted once,
/// in the constructor, to one holder: there is no owner, no mint, no burn and no pause.
abstract contract ERC20Core {
    uint8 public immutable decimals;
    uint256 public immutable totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint8 decimals_, uint256 supply, address holder) {
        decimals = decimals_;
        totalSupply = supply;
        balanceOf[holder] = supply;
        emit Transfer(address(0), holder, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        // An unlimited approval stays unlimited, as in most deployed tokens.
        if (allowed != type(uint256).max) {
            require(allowed >= value, "ERC20: insufficient allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "ERC20: transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(balance >= value, "ERC20: transfer amount exceeds balance");
        // The supply is fixed, so no balance can exceed it.
        unchecked {
            balanceOf[from] = balance - value;
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
    }
}

/// A plain ERC-20 with string name and symbol (USDC, USDT, DEMO and SMPL on the devnet).
contract DemoERC20 is ERC20Core {
    string public name;
    string public symbol;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 supply, address holder)
        ERC20Core(decimals_, supply, holder)
    {
        name = name_;
        symbol = symbol_;
    }
}

/// An ERC-20 whose name() and symbol() return bytes32, as some early tokens do (MKR, SAI), so the
/// server's token-info reader is exercised against that shape.
contract Bytes32Token is ERC20Core {
    bytes32 public immutable name;
    bytes32 public immutable symbol;

    constructor(bytes32 name_, bytes32 symbol_, uint8 decimals_, uint256 supply, address holder)
        ERC20Core(decimals_, supply, holder)
    {
        name = name_;
        symbol = symbol_;
    }
}

/// A contract with no ERC-20 methods. The deployer creates it as the very last step of seeding, so
/// code at its address also marks a complete seed.
contract DevnetMarker {
    function seedVersion() external pure returns (uint256) {
        return 1;
    }
}

/// A test-only ERC-20 for the holder indexer's tests and benchmark; never part of the demo seed.
/// Like some early tokens it lets holders send to the zero address (a "burn" that keeps the supply
/// and shows up in balanceOf(0)), and `transferRepeated` makes many real transfers in one
/// transaction so a long Transfer history can be built quickly between the devnet's own accounts.
contract HolderTestToken {
    string public constant name = "Holder Test";
    string public constant symbol = "HOLD";
    uint8 public constant decimals = 18;
    uint256 public immutable totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(uint256 supply) {
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferRepeated(address to, uint256 value, uint256 times) external {
        for (uint256 i = 0; i < times; i++) _transfer(msg.sender, to, value);
    }

    function _transfer(address from, address to, uint256 value) private {
        uint256 balance = balanceOf[from];
        require(balance >= value, "transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = balance - value;
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
    }
}
