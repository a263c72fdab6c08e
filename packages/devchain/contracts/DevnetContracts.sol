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

// ---------------------------------------------------------------------------------------------
// Hostile and unconventional tokens, for tests only (never part of the demo seed). Real networks
// hold every one of these shapes; TokenDesk must read them without crashing, stalling or showing
// figures that disagree with the chain.
// ---------------------------------------------------------------------------------------------

/// Plain balances and a Transfer event, with name() and symbol() set to any bytes the test chooses
/// (NUL bytes, control characters, 20 KB, empty). `metadataReverts` makes both revert instead:
/// EIP-20 makes them optional.
contract OddMetadataToken {
    string private name_;
    string private symbol_;
    bool public immutable metadataReverts;
    uint8 public constant decimals = 18;
    uint256 public immutable totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(string memory n, string memory s, bool reverts, uint256 supply) {
        name_ = n;
        symbol_ = s;
        metadataReverts = reverts;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function name() external view returns (string memory) {
        require(!metadataReverts, "no name");
        return name_;
    }

    function symbol() external view returns (string memory) {
        require(!metadataReverts, "no symbol");
        return symbol_;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}

/// Assigns its initial supply without a Transfer event (as some early tokens did), and can mint
/// more the same way; transfers afterwards are logged normally.
contract SilentMintToken {
    string public constant name = "Silent Mint";
    string public constant symbol = "SLNT";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(uint256 supply) {
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
    }

    function mintSilently(address to, uint256 value) external {
        totalSupply += value;
        balanceOf[to] += value;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}

/// The pre-standard Transfer shape: no indexed parameters, so from, to and value are all in data
/// and the log has one topic.
contract UnindexedTransferToken {
    string public constant name = "Unindexed";
    string public constant symbol = "UNIX";
    uint8 public constant decimals = 18;
    uint256 public immutable totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address from, address to, uint256 value);

    constructor(uint256 supply) {
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}

/// An elastic-supply token: balances are shares times an index. `rebase` changes every balance
/// and the supply at once without any Transfer event (as AMPL and stETH do).
contract RebasingToken {
    string public constant name = "Rebasing";
    string public constant symbol = "RBS";
    uint8 public constant decimals = 18;
    uint256 private constant ONE = 1e18;
    uint256 public index = ONE;
    uint256 private totalShares;
    mapping(address => uint256) private shares;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(uint256 supply) {
        shares[msg.sender] = supply;
        totalShares = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function totalSupply() external view returns (uint256) {
        return (totalShares * index) / ONE;
    }

    function balanceOf(address who) external view returns (uint256) {
        return (shares[who] * index) / ONE;
    }

    /// Multiplies every balance by newIndex / 1e18.
    function rebase(uint256 newIndex) external {
        index = newIndex;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 s = (value * ONE) / index;
        require(shares[msg.sender] >= s, "balance");
        shares[msg.sender] -= s;
        shares[to] += s;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}

/// The state and the Transfer logs of a token that users reach through ForwardingProxyToken. Only
/// its front may move balances; the logs carry this contract's address, not the front's.
contract ProxiedTokenBackend {
    address public immutable front;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(address front_, address holder, uint256 supply) {
        front = front_;
        totalSupply = supply;
        balanceOf[holder] = supply;
        emit Transfer(address(0), holder, supply);
    }

    function move(address from, address to, uint256 value) external {
        require(msg.sender == front, "front only");
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}

/// The address users hold and trade: every call is forwarded to a backend that keeps the balances
/// and emits the Transfer logs (like some proxied tokens on real networks). Emits no logs itself.
contract ForwardingProxyToken {
    string public constant name = "Proxied";
    string public constant symbol = "PRXY";
    uint8 public constant decimals = 18;
    ProxiedTokenBackend public immutable backend;

    constructor(uint256 supply) {
        backend = new ProxiedTokenBackend(address(this), msg.sender, supply);
    }

    function totalSupply() external view returns (uint256) {
        return backend.totalSupply();
    }

    function balanceOf(address who) external view returns (uint256) {
        return backend.balanceOf(who);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        backend.move(msg.sender, to, value);
        return true;
    }
}

/// A fee-on-transfer token: every transfer that does not come from the fee-exempt owner sends
/// `feeBps` of the amount to the owner, so a receiver gets less than was sent and a pool books
/// what arrived, not what the trader sent.
contract FeeOnTransferToken {
    string public constant name = "Fee Token";
    string public constant symbol = "FEE";
    uint8 public constant decimals = 18;
    uint256 public immutable totalSupply;
    uint256 public immutable feeBps;
    address public immutable owner;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint256 supply, uint256 feeBps_) {
        owner = msg.sender;
        feeBps = feeBps_;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        uint256 fee = from == owner ? 0 : (value * feeBps) / 10_000;
        balanceOf[from] -= value;
        balanceOf[to] += value - fee;
        emit Transfer(from, to, value - fee);
        if (fee > 0) {
            balanceOf[owner] += fee;
            emit Transfer(from, owner, fee);
        }
    }
}
