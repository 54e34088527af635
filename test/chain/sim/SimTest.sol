// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

contract Token {
    string public name = "Tok";
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;
    string public symbol = "TOK";
    uint8 public decimals = 6;
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    constructor(uint256 supply) { balanceOf[msg.sender] = supply; totalSupply = supply; emit Transfer(address(0), msg.sender, supply); }
    function transfer(address to, uint256 v) external returns (bool) { _t(msg.sender, to, v); return true; }
    function approve(address s, uint256 v) external returns (bool) { allowance[msg.sender][s] = v; emit Approval(msg.sender, s, v); return true; }
    function transferFrom(address f, address to, uint256 v) external returns (bool) {
        uint256 a = allowance[f][msg.sender]; require(a >= v, "allowance"); allowance[f][msg.sender] = a - v; _t(f, to, v); return true;
    }
    function _t(address f, address to, uint256 v) internal { require(balanceOf[f] >= v, "balance"); balanceOf[f] -= v; balanceOf[to] += v; emit Transfer(f, to, v); }
}

contract Leaf {
    uint256 public x;
    mapping(uint256 => uint256) public m;
    event Touched(address indexed by, uint256 v);
    function poke(uint256 v) external payable returns (uint256) { x += v; m[v] = block.number; emit Touched(msg.sender, v); return x; }
    function boom(uint256 v) external { x = v; revert("leaf boom"); }
    function custom() external pure { revert Bad(7); }
    error Bad(uint256 code);
    function view1() external view returns (uint256) { return x + m[1]; }
    function panic() external pure returns (uint256) { uint256[] memory a = new uint256[](1); return a[5]; }
}

contract Logic {
    // storage layout matches Proxy slot 0 = impl, slot 1 = counter
    address public impl;
    uint256 public counter;
    event Inc(uint256 c);
    function inc(address leaf) external returns (uint256) { counter += 1; emit Inc(counter); Leaf(leaf).poke(counter); return counter; }
}

contract Proxy {
    address public impl;
    uint256 public counter;
    constructor(address i) { impl = i; }
    fallback() external payable {
        address i = impl;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let r := delegatecall(gas(), i, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch r case 0 { revert(0, returndatasize()) } default { return(0, returndatasize()) }
        }
    }
}

contract Child {
    uint256 public v;
    event Born(address who, uint256 v);
    constructor(uint256 _v) payable { v = _v; emit Born(msg.sender, _v); }
    function kill(address payable to) external { selfdestruct(to); }
}

contract Orchestrator {
    uint256 public s;
    event Step(uint256 indexed i, bytes data);
    receive() external payable {}
    function run(address leaf, address proxy, address token, address to) external payable returns (uint256 r) {
        // nested call with value
        r = Leaf(leaf).poke{value: 1 wei}(3);
        // delegatecall proxy
        Logic(proxy).inc(leaf);
        // caught revert (string)
        try Leaf(leaf).boom(9) { s = 1; } catch Error(string memory why) { emit Step(1, bytes(why)); }
        // caught custom error
        try Leaf(leaf).custom() {} catch (bytes memory d) { emit Step(2, d); }
        // caught panic
        try Leaf(leaf).panic() returns (uint256) {} catch (bytes memory d) { emit Step(3, d); }
        // staticcall
        r += Leaf(leaf).view1();
        // CREATE2 child with value, then selfdestruct it in the same tx
        Child c = new Child{salt: bytes32(uint256(42)), value: 2 wei}(77);
        c.kill(payable(to));
        // plain CREATE
        Child d = new Child(5);
        s = uint256(uint160(address(d)));
        // callcode
        bool ok;
        bytes memory cd = abi.encodeWithSelector(Leaf.poke.selector, uint256(11));
        assembly { ok := callcode(gas(), leaf, 0, add(cd, 32), mload(cd), 0, 0) }
        // ERC20 transfer from this contract
        Token(token).transfer(to, 5);
        // ether transfer to EOA
        payable(to).transfer(3 wei);
        emit Step(4, abi.encode(r, ok));
        emit Step(5, abi.encode(blockhash(block.number - 1), blockhash(block.number - 2), block.timestamp, block.basefee, block.coinbase, block.prevrandao, block.gaslimit, address(this).balance));
    }
    function fail(address leaf) external { Leaf(leaf).poke(1); revert("outer fail"); }
    // refund-heavy: set then clear slots
    mapping(uint256 => uint256) public junk;
    function fill(uint256 n) external { for (uint256 i = 0; i < n; i++) junk[i] = i + 1; }
    function clear(uint256 n) external { for (uint256 i = 0; i < n; i++) junk[i] = 0; }
}

contract Node {
    mapping(uint256 => uint256) public slots;
    Node public next;
    function setNext(Node n) external { next = n; }
    // touches k slots here, then forwards down the chain
    function walk(uint256 k, uint256 salt) external returns (uint256 acc) {
        for (uint256 i = 0; i < k; i++) { acc += slots[i]; slots[i] = acc + salt + i; }
        if (address(next) != address(0)) acc += next.walk(k, salt);
    }
}

contract Nft {
    mapping(uint256 => address) public ownerOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;
    event Transfer(address indexed from, address indexed to, uint256 indexed id);
    event Approval(address indexed owner, address indexed spender, uint256 indexed id);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);
    function mint(address to, uint256 id) external { require(ownerOf[id] == address(0), "minted"); ownerOf[id] = to; emit Transfer(address(0), to, id); }
    function approve(address s, uint256 id) external { require(ownerOf[id] == msg.sender, "not owner"); getApproved[id] = s; emit Approval(msg.sender, s, id); }
    function setApprovalForAll(address o, bool b) external { isApprovedForAll[msg.sender][o] = b; emit ApprovalForAll(msg.sender, o, b); }
    function transferFrom(address f, address to, uint256 id) external {
        require(ownerOf[id] == f, "wrong from");
        require(msg.sender == f || getApproved[id] == msg.sender || isApprovedForAll[f][msg.sender], "not allowed");
        ownerOf[id] = to; delete getApproved[id]; emit Transfer(f, to, id);
    }
}

contract Multi {
    mapping(uint256 => mapping(address => uint256)) public balanceOf;
    mapping(address => mapping(address => bool)) public isApprovedForAll;
    event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value);
    event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);
    function mint(address to, uint256 id, uint256 v) external { balanceOf[id][to] += v; emit TransferSingle(msg.sender, address(0), to, id, v); }
    function setApprovalForAll(address o, bool b) external { isApprovedForAll[msg.sender][o] = b; emit ApprovalForAll(msg.sender, o, b); }
    function safeTransferFrom(address f, address to, uint256 id, uint256 v, bytes calldata) external {
        require(f == msg.sender || isApprovedForAll[f][msg.sender], "not allowed");
        require(balanceOf[id][f] >= v, "balance"); balanceOf[id][f] -= v; balanceOf[id][to] += v;
        emit TransferSingle(msg.sender, f, to, id, v);
    }
    function safeBatchTransferFrom(address f, address to, uint256[] calldata ids, uint256[] calldata vs, bytes calldata) external {
        require(f == msg.sender || isApprovedForAll[f][msg.sender], "not allowed");
        for (uint256 i = 0; i < ids.length; i++) { require(balanceOf[ids[i]][f] >= vs[i], "balance"); balanceOf[ids[i]][f] -= vs[i]; balanceOf[ids[i]][to] += vs[i]; }
        emit TransferBatch(msg.sender, f, to, ids, vs);
    }
}

contract Misc {
    uint256 public n;
    event Pre(bytes32 a, address b, bytes c);
    // precompiles: sha256, ecrecover, identity
    function pre(bytes calldata x) external returns (bytes32 h) {
        h = sha256(x);
        address r = ecrecover(h, 27, bytes32(uint256(1)), bytes32(uint256(2)));
        (bool ok, bytes memory id) = address(4).staticcall(x);
        require(ok);
        n += 1;
        emit Pre(h, r, id);
    }
    // payable delegatecall target reached through PayProxy
    function payIn() external payable returns (uint256) { n += msg.value; return n; }
    // infinite loop: ends by gas
    function spin() external { while (true) { n += 1; } }
}

contract PayProxy {
    address public impl;
    uint256 public n;
    constructor(address i) { impl = i; }
    fallback() external payable {
        address i = impl;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let r := delegatecall(gas(), i, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch r case 0 { revert(0, returndatasize()) } default { return(0, returndatasize()) }
        }
    }
}

/// Code an EOA delegates to (EIP-7702): writes its own storage, calls out.
contract Delegate {
    uint256 public count;
    event Pinged(address self, uint256 count);
    function ping(address token, address to) external { count += 1; emit Pinged(address(this), count); Token(token).transfer(to, 1); }
}
