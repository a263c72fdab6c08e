// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// Tokens with the traits a community checks before buying (issue 34: the 'Token health' card),
// deployed on the TokenDesk local development chain (chain id 31337) only, by tests and the demo
// fixtures, never to a real network. Each one has exactly the trait its name says, so a test can
// check the card against what was deployed. Compiled by scripts/build-trait-tokens.ts into
// src/generated/trait-tokens.ts.

/// Balances, allowances and transfers; `_move` is the one place a trait changes a transfer.
abstract contract TraitERC20 {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function _init(string memory name_, string memory symbol_, uint256 supply, address holder) internal {
        name = name_;
        symbol = symbol_;
        _mintTo(holder, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "ERC20: insufficient allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) internal virtual {
        _transferExact(from, to, value);
    }

    function _transferExact(address from, address to, uint256 value) internal {
        require(to != address(0), "ERC20: transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(balance >= value, "ERC20: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _mintTo(address to, uint256 value) internal {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }
}

/// owner(), transferOwnership and renounceOwnership with OpenZeppelin's Ownable selectors and event.
abstract contract TraitOwnable {
    address public owner;

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    modifier onlyOwner() {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        _;
    }

    function _setOwner(address next) internal {
        emit OwnershipTransferred(owner, next);
        owner = next;
    }

    function transferOwnership(address next) external onlyOwner {
        require(next != address(0), "Ownable: new owner is the zero address");
        _setOwner(next);
    }

    function renounceOwnership() external onlyOwner {
        _setOwner(address(0));
    }
}

/// A token without an owner or any privileged function: the card must raise no alarm for it.
contract PlainTraitToken is TraitERC20 {
    constructor(string memory name_, string memory symbol_, uint256 supply, address holder) {
        _init(name_, symbol_, supply, holder);
    }
}

/// Takes `buyBps` of what leaves the pair (a buy) and `sellBps` of what goes into it (a sell), to
/// the owner; the owner itself trades untaxed (so it can add liquidity). setFees is a fee setter.
contract TaxedTraitToken is TraitERC20, TraitOwnable {
    address public pair;
    uint256 public buyBps;
    uint256 public sellBps;

    constructor(string memory name_, string memory symbol_, uint256 supply, uint256 buyBps_, uint256 sellBps_) {
        _setOwner(msg.sender);
        _init(name_, symbol_, supply, msg.sender);
        buyBps = buyBps_;
        sellBps = sellBps_;
    }

    function setPair(address pair_) external onlyOwner {
        pair = pair_;
    }

    function setFees(uint256 buyBps_, uint256 sellBps_) external onlyOwner {
        require(buyBps_ <= 5000 && sellBps_ <= 5000, "fee too high");
        buyBps = buyBps_;
        sellBps = sellBps_;
    }

    function _move(address from, address to, uint256 value) internal override {
        uint256 bps = 0;
        if (from == pair && to != owner) bps = buyBps;
        else if (to == pair && from != owner) bps = sellBps;
        uint256 fee = (value * bps) / 10_000;
        if (fee > 0) _transferExact(from, owner, fee);
        _transferExact(from, to, value - fee);
    }
}

/// Anyone can buy; only the owner can send tokens into the pair, so nobody else can sell.
contract HoneypotTraitToken is TraitERC20, TraitOwnable {
    address public pair;

    constructor(string memory name_, string memory symbol_, uint256 supply) {
        _setOwner(msg.sender);
        _init(name_, symbol_, supply, msg.sender);
    }

    function setPair(address pair_) external onlyOwner {
        pair = pair_;
    }

    function _move(address from, address to, uint256 value) internal override {
        require(to != pair || from == owner, "transfer failed");
        _transferExact(from, to, value);
    }
}

/// The owner can stop every transfer but its own (pause) and start them again (unpause).
contract PausableTraitToken is TraitERC20, TraitOwnable {
    bool public paused;

    event Paused(address account);
    event Unpaused(address account);

    constructor(string memory name_, string memory symbol_, uint256 supply) {
        _setOwner(msg.sender);
        _init(name_, symbol_, supply, msg.sender);
    }

    function pause() external onlyOwner {
        paused = true;
        emit Paused(msg.sender);
    }

    function unpause() external onlyOwner {
        paused = false;
        emit Unpaused(msg.sender);
    }

    function _move(address from, address to, uint256 value) internal override {
        require(!paused || from == owner, "paused");
        _transferExact(from, to, value);
    }
}

/// The owner can stop any address from sending or receiving.
contract BlacklistTraitToken is TraitERC20, TraitOwnable {
    mapping(address => bool) public isBlacklisted;

    constructor(string memory name_, string memory symbol_, uint256 supply) {
        _setOwner(msg.sender);
        _init(name_, symbol_, supply, msg.sender);
    }

    function setBlacklist(address account, bool blocked) external onlyOwner {
        isBlacklisted[account] = blocked;
    }

    function _move(address from, address to, uint256 value) internal override {
        require(!isBlacklisted[from] && !isBlacklisted[to], "blacklisted");
        _transferExact(from, to, value);
    }
}

/// The owner can create new tokens at will (mint). Renounced, it is the 'renounced' trait token.
contract MintableTraitToken is TraitERC20, TraitOwnable {
    constructor(string memory name_, string memory symbol_, uint256 supply) {
        _setOwner(msg.sender);
        _init(name_, symbol_, supply, msg.sender);
    }

    function mint(address to, uint256 value) external onlyOwner {
        _mintTo(to, value);
    }
}

/// The logic behind TraitUpgradeableProxy: a plain token set up by initialize() through the proxy.
contract UpgradeableTraitTokenLogic is TraitERC20 {
    bool private initialized;

    function initialize(string memory name_, string memory symbol_, uint256 supply, address holder) external {
        require(!initialized, "initialized");
        initialized = true;
        _init(name_, symbol_, supply, holder);
    }
}

/// An EIP-1967 proxy with an admin (transparent: the admin's calls are the proxy's own, everyone
/// else's are delegated), so its logic can be replaced. The slots are EIP-1967's.
contract TraitUpgradeableProxy {
    // bytes32(uint256(keccak256('eip1967.proxy.implementation')) - 1)
    bytes32 private constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    // bytes32(uint256(keccak256('eip1967.proxy.admin')) - 1)
    bytes32 private constant ADMIN_SLOT = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    event Upgraded(address indexed implementation);
    event AdminChanged(address previousAdmin, address newAdmin);

    constructor(address logic, address admin, bytes memory data) {
        assembly {
            sstore(IMPLEMENTATION_SLOT, logic)
            sstore(ADMIN_SLOT, admin)
        }
        emit Upgraded(logic);
        emit AdminChanged(address(0), admin);
        if (data.length > 0) {
            (bool ok, ) = logic.delegatecall(data);
            require(ok, "initialization failed");
        }
    }

    function _admin() private view returns (address a) {
        assembly {
            a := sload(ADMIN_SLOT)
        }
    }

    /// Only the admin's calls reach it; for anyone else the selector is delegated like any other.
    function upgradeTo(address logic) external {
        if (msg.sender != _admin()) _delegate();
        assembly {
            sstore(IMPLEMENTATION_SLOT, logic)
        }
        emit Upgraded(logic);
    }

    fallback() external payable {
        _delegate();
    }

    function _delegate() private {
        assembly {
            let logic := sload(IMPLEMENTATION_SLOT)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), logic, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}

interface ITraitERC20 {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function transfer(address to, uint256 value) external returns (bool);
}

/// A liquidity locker with the read and lock interface of UNCX (Unicrypt) UniswapV2Locker:
/// lockLPToken, tokenLocks(lpToken, i), getNumLocksForToken, getUserNumLocksForToken and
/// getUserLockForTokenAtIndex, with the same argument and answer order; withdraw after the unlock
/// date. No fees, no referrals, no migrator: the devnet needs only what TokenDesk reads.
contract DevnetLiquidityLocker {
    struct TokenLock {
        uint256 lockDate;
        uint256 amount;
        uint256 initialAmount;
        uint256 unlockDate;
        uint256 lockID;
        address owner;
    }

    mapping(address => TokenLock[]) public tokenLocks;
    mapping(address => mapping(address => uint256[])) private userLocks;

    event onDeposit(address lpToken, address user, uint256 amount, uint256 lockDate, uint256 unlockDate);
    event onWithdraw(address lpToken, uint256 amount);

    function lockLPToken(address _lpToken, uint256 _amount, uint256 _unlock_date, address payable, bool, address payable _withdrawer) external payable {
        require(_unlock_date < 10000000000, "TIMESTAMP INVALID");
        require(_amount > 0, "NO AMOUNT");
        require(ITraitERC20(_lpToken).transferFrom(msg.sender, address(this), _amount), "TRANSFER FAILED");
        uint256 id = tokenLocks[_lpToken].length;
        tokenLocks[_lpToken].push(TokenLock(block.timestamp, _amount, _amount, _unlock_date, id, _withdrawer));
        userLocks[_withdrawer][_lpToken].push(id);
        emit onDeposit(_lpToken, msg.sender, _amount, block.timestamp, _unlock_date);
    }

    function withdraw(address _lpToken, uint256 _index, uint256 _lockID, uint256 _amount) external {
        uint256 id = userLocks[msg.sender][_lpToken][_index];
        TokenLock storage lock = tokenLocks[_lpToken][id];
        require(id == _lockID && lock.owner == msg.sender, "LOCK MISMATCH");
        require(lock.unlockDate < block.timestamp, "NOT YET");
        lock.amount -= _amount;
        require(ITraitERC20(_lpToken).transfer(msg.sender, _amount), "TRANSFER FAILED");
        emit onWithdraw(_lpToken, _amount);
    }

    function getNumLocksForToken(address _lpToken) external view returns (uint256) {
        return tokenLocks[_lpToken].length;
    }

    function getUserNumLocksForToken(address _user, address _lpToken) external view returns (uint256) {
        return userLocks[_user][_lpToken].length;
    }

    function getUserLockForTokenAtIndex(address _user, address _lpToken, uint256 _index)
        external
        view
        returns (uint256, uint256, uint256, uint256, uint256, address)
    {
        TokenLock storage lock = tokenLocks[_lpToken][userLocks[_user][_lpToken][_index]];
        return (lock.lockDate, lock.amount, lock.initialAmount, lock.unlockDate, lock.lockID, lock.owner);
    }
}

/// Answers every call, whatever it asks, with four bytes that decode as nothing (not an address,
/// not a number): the card must say 'unknown' for it, never fail.
contract GarbageTraitContract {
    fallback(bytes calldata) external payable returns (bytes memory) {
        return hex"deadbeef";
    }
}
