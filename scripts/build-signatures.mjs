#!/usr/bin/env node
/**
 * Builds the offline signature table (src/core/data/signatures.<kind>.<hex digit>[.sources].json,
 * signatures.sources.json and the loaders signatures.shards.ts) from the ABIs that
 * installed npm packages ship, plus Multicall3 and ERC standard interfaces written here as
 * human-readable signatures. Every entry lists the sources it came from (package@version and
 * file), so each is traceable. Run: npm run signatures. The output is deterministic and
 * committed, so the build does not depend on running this.
 */
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Abi, AbiItem } from 'ox'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const nm = join(root, 'node_modules')
/**
 * The protocol packages read only for breadth (Curve, Synthetix, OP Bedrock, Pendle, …, about
 * 700 MB) are not the app's dependencies: they live in scripts/signatures (its own package.json
 * and lock, installed by `npm run signatures`), so `npm install` and CI stay light.
 */
const sigNm = join(root, 'scripts', 'signatures', 'node_modules')
/**
 * A package's folder: the app's node_modules first, then scripts/signatures'. `A/node_modules/B`
 * is B as A would load it (Node's lookup: A's own node_modules, then each folder above), so the
 * name holds whether npm nested or hoisted B.
 */
function dirOf(pkg) {
  const nested = /^(.+?)\/node_modules\/(.+)$/.exec(pkg)
  if (nested) {
    const [, parent, child] = nested
    for (let d = dirOf(parent); d.startsWith(root) && d !== root; d = dirname(d)) {
      const here = d.endsWith('/node_modules') ? join(d, child) : join(d, 'node_modules', child)
      if (existsSync(join(here, 'package.json'))) return here
    }
    return join(nm, pkg)
  }
  return [join(nm, pkg), join(sigNm, pkg)].find((d) => existsSync(d)) ?? join(nm, pkg)
}

/**
 * Package, and the folders inside it that hold JSON artifacts with an ABI (an `abi` field, or
 * a bare ABI array as Chainlink ships). A third element lists path fragments to skip (test
 * mocks that are not deployed contracts).
 */
const PACKAGES = [
  ['@openzeppelin/contracts', ['build/contracts']],
  ['@uniswap/v2-core', ['build']],
  ['@uniswap/v2-periphery', ['build']],
  ['@uniswap/v3-core', ['artifacts/contracts']],
  ['@uniswap/v3-periphery', ['artifacts/contracts']],
  ['@safe-global/safe-deployments', ['dist/assets']],
  // Older OpenZeppelin (3.4, with its mocks), as installed for Uniswap v3 periphery.
  ['@uniswap/v3-periphery/node_modules/@openzeppelin/contracts', ['build/contracts']],
  // Upgradeable OpenZeppelin (initializers, ERC-7201 storage variants).
  ['@openzeppelin/contracts-upgradeable', ['build/contracts']],
  // Aave v3: Pool, PoolConfigurator, aTokens, debt tokens, oracles, rewards, gateways.
  ['@aave/core-v3', ['artifacts/contracts'], ['/mocks/']],
  ['@aave/periphery-v3', ['artifacts/contracts'], ['/mocks/']],
  // Chainlink: price feeds, VRF, Automation, Functions, L2 sequencer feeds (not its test,
  // load-test, example and mock contracts).
  ['@chainlink/contracts', ['abi/v0.8'], ['Mock', '/test/', 'Test', 'Exposed', 'Example']],
  // Optimism's pre-Bedrock contracts, installed with Chainlink (L1/L2 bridges, messengers).
  ['@eth-optimism/contracts', ['artifacts/contracts']],
  // Uniswap Universal Router (the router most swaps go through) and its modules.
  ['@uniswap/universal-router', ['artifacts/contracts']],
  // Installed with the Universal Router SDK: SwapRouter02 and the v3 staker.
  ['@uniswap/swap-router-contracts', ['artifacts/contracts']],
  ['@uniswap/v3-staker', ['artifacts/contracts']],
  // Added for breadth (#27): the ABIs that npm packages of major protocols ship, each pinned
  // in package.json. Compiled tests, mocks, scripts and forge-std are skipped (FOUNDRY_SKIP).
  // Uniswap v4 (PoolManager, PositionManager, V4Router, quoter, state view) and its governance.
  ['@uniswap/v4-periphery', ['foundry-out'], ['/@openzeppelin/']],
  ['@uniswap/governance', ['build']],
  // Curve: pools, gauges, factories, routers, crvUSD and LlamaLend, as its JS library ships them.
  ['@curvefi/api', ['lib/constants/abis']],
  // Synthetix v2 as deployed on mainnet and Optimism, and its testnet deployments (the deployment ABIs).
  ['@synthetixio/contracts', ['src/mainnet/deployment/json', 'src/mainnet-ovm/deployment/json', 'src/sepolia/deployment/json', 'src/sepolia-ovm/deployment/json']],
  // UMA: optimistic oracles (v2, v3), DVM, governance, bridges (and the Polygon, Optimism and
  // Uniswap contracts its bridges and financial products build on; the Across v2 contracts it ships).
  ['@uma/contracts-node', ['dist/packages/core/artifacts', 'dist/node_modules/@across-protocol']],
  // Arbitrum Nitro: rollup, bridge, inbox/outbox, challenge, precompiles (ArbSys, NodeInterface ...).
  ['@arbitrum/nitro-contracts', ['build/contracts'], ['/mocks/', '/test-helpers/']],
  // OP Stack (Bedrock): portal, system config, dispute games, L2 predeploys.
  ['@eth-optimism/contracts-bedrock', ['forge-artifacts'], ['Kontrol', 'Deploy', 'Bridge_Initializer', 'CommonTest']],
  // 0x v2/v3 exchange, asset proxies, staking, forwarder, ZeroEx (0x v4) features.
  ['@0x/contract-artifacts', ['lib/artifacts']],
  // thirdweb's prebuilt contracts (drops, editions, marketplace, accounts, splits).
  ['@thirdweb-dev/contracts', ['abi']],
  // Pendle v2: market, router actions, SY/PT/YT, vePENDLE, oracles.
  ['@pendle/core-v2', ['build/artifacts/contracts']],
  // Aave v2 (LendingPool, configurator, aTokens, incentives) and its governance v2.
  ['@aave/protocol-v2', ['artifacts/contracts']],
  ['@aave/governance-v2', ['artifacts/contracts']],
  // Axelar: gateway, gas service, interchain token service.
  ['@axelar-network/interchain-token-service', ['artifacts/contracts']],
  ['@axelar-network/axelar-cgp-solidity', ['artifacts/contracts']],
  ['@axelar-network/axelar-gmp-sdk-solidity', ['artifacts/contracts']],
  // Safe modules: 4337 module, passkey signers, allowance module.
  ['@safe-global/safe-modules-deployments', ['dist/assets']],
  // Zodiac (Safe modules and guards: Roles, Delay, Reality, Bridge, governor).
  ['@gnosis.pm/zodiac', ['dist/cjs/abi']],
  // SushiSwap (MasterChef, SushiBar, SushiMaker, its v2 fork).
  ['@sushiswap/core', ['build/abi']],
  // CoW Protocol settlement, vault relayer, allow-list as deployed on mainnet.
  ['@cowprotocol/contracts', ['deployments/mainnet']],
  // Celo core contracts (now an Ethereum L2): accounts, election, governance, Mento.
  ['@celo/abis', ['dist']],
  // Installed with the packages above, at the versions package-lock.json pins: Chainlink 0.8
  // (its Solidity 0.4 to 0.7 contracts: the first price feeds, VRF v1, Keepers), OpenZeppelin
  // 4.9 (and upgradeable 4.7), thirdweb's dynamic contracts (router and extensions).
  ['@pendle/core-v2/node_modules/@chainlink/contracts', ['abi/v0.4', 'abi/v0.5', 'abi/v0.6', 'abi/v0.7'], ['Mock', '/test/', 'Test', 'Exposed', 'Example']],
  ['@chainlink/contracts/node_modules/@openzeppelin/contracts', ['build/contracts']],
  ['@thirdweb-dev/dynamic-contracts', ['out']],
  // And with Zodiac and Aave governance v2: Safe 1.3.0 (GnosisSafe, modules, handlers), the AAVE token.
  ['@gnosis.pm/safe-contracts', ['build/artifacts/contracts']],
  ['@aave/aave-token', ['artifacts/contracts']],
  ['@openzeppelin/contracts-upgradeable-4.7.3', ['build/contracts']],
]

/** Path fragments of compiled tests, mocks, scripts and test libraries (Foundry and Hardhat builds). */
const FOUNDRY_SKIP = ['/test/', '/tests/', '/examples/', '/mocks/', '/mock/', 'Mock', '.t.sol', '.s.sol', '/Vm.sol', 'forge-std', '/Std', '/console', '/script/', '/scripts/', 'Script', 'Harness', 'Echidna', 'Fuzz', 'Invariant', 'Test', 'Example', '/hardhat/']

/** Packages whose ABIs are JS exports (wagmi-generated constants): the module, read like viem's. */
const JS_PACKAGES = [
  // Zora: 1155 creator, protocol rewards, comments, coins, sparks.
  ['@zoralabs/protocol-deployments', 'dist/index.js'],
  // Balancer v2 and v3: vault, routers, pool factories, as its SDK ships them.
  ['@balancer/sdk', 'dist/index.mjs'],
]

/**
 * ABIs that viem ships as constants: ERCs, Multicall3, ENS universal resolver, ERC-4337
 * entry points, OP Stack (L1 portal, L2 output oracle, bridges, ...) and ZKsync system
 * contracts. Read from viem's ESM files (arrays of ABI items).
 */
const VIEM_FILES = ['_esm/constants/abis.js', '_esm/account-abstraction/constants/abis.js', '_esm/op-stack/abis.js', '_esm/zksync/constants/abis.js']

/** Written here from the standards' texts (EIP numbers given) and Multicall3's source. */
const HANDWRITTEN = {
  'Multicall3 (github.com/mds1/multicall, src/Multicall3.sol)': [
    'struct Call { address target; bytes callData; }',
    'struct Call3 { address target; bool allowFailure; bytes callData; }',
    'struct Call3Value { address target; bool allowFailure; uint256 value; bytes callData; }',
    'struct Result { bool success; bytes returnData; }',
    'function aggregate(Call[] calls) payable returns (uint256 blockNumber, bytes[] returnData)',
    'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
    'function aggregate3Value(Call3Value[] calls) payable returns (Result[] returnData)',
    'function blockAndAggregate(Call[] calls) payable returns (uint256 blockNumber, bytes32 blockHash, Result[] returnData)',
    'function tryAggregate(bool requireSuccess, Call[] calls) payable returns (Result[] returnData)',
    'function tryBlockAndAggregate(bool requireSuccess, Call[] calls) payable returns (uint256 blockNumber, bytes32 blockHash, Result[] returnData)',
    'function getBasefee() view returns (uint256 basefee)',
    'function getBlockHash(uint256 blockNumber) view returns (bytes32 blockHash)',
    'function getBlockNumber() view returns (uint256 blockNumber)',
    'function getChainId() view returns (uint256 chainid)',
    'function getCurrentBlockCoinbase() view returns (address coinbase)',
    'function getCurrentBlockDifficulty() view returns (uint256 difficulty)',
    'function getCurrentBlockGasLimit() view returns (uint256 gaslimit)',
    'function getCurrentBlockTimestamp() view returns (uint256 timestamp)',
    'function getEthBalance(address addr) view returns (uint256 balance)',
    'function getLastBlockHash() view returns (bytes32 blockHash)',
  ],
  'Solidity built-in errors (docs.soliditylang.org, Error handling)': ['error Error(string message)', 'error Panic(uint256 code)'],
  'ERC-20 (eips.ethereum.org/EIPS/eip-20)': [
    'function name() view returns (string)',
    'function symbol() view returns (string)',
    'function decimals() view returns (uint8)',
    'function totalSupply() view returns (uint256)',
    'function balanceOf(address _owner) view returns (uint256 balance)',
    'function transfer(address _to, uint256 _value) returns (bool success)',
    'function transferFrom(address _from, address _to, uint256 _value) returns (bool success)',
    'function approve(address _spender, uint256 _value) returns (bool success)',
    'function allowance(address _owner, address _spender) view returns (uint256 remaining)',
    'event Transfer(address indexed _from, address indexed _to, uint256 _value)',
    'event Approval(address indexed _owner, address indexed _spender, uint256 _value)',
  ],
  'WETH9 (etherscan 0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2)': [
    'function deposit() payable',
    'function withdraw(uint256 wad)',
    'event Deposit(address indexed dst, uint256 wad)',
    'event Withdrawal(address indexed src, uint256 wad)',
  ],
  'ERC-721 (eips.ethereum.org/EIPS/eip-721)': [
    'event Transfer(address indexed _from, address indexed _to, uint256 indexed _tokenId)',
    'event ApprovalForAll(address indexed _owner, address indexed _operator, bool _approved)',
    'function ownerOf(uint256 _tokenId) view returns (address)',
    'function safeTransferFrom(address _from, address _to, uint256 _tokenId, bytes data) payable',
    'function safeTransferFrom(address _from, address _to, uint256 _tokenId) payable',
    'function setApprovalForAll(address _operator, bool _approved)',
    'function getApproved(uint256 _tokenId) view returns (address)',
    'function isApprovedForAll(address _owner, address _operator) view returns (bool)',
    'function tokenURI(uint256 _tokenId) view returns (string)',
    'function onERC721Received(address _operator, address _from, uint256 _tokenId, bytes _data) returns (bytes4)',
  ],
  'ERC-1155 (eips.ethereum.org/EIPS/eip-1155)': [
    'event TransferSingle(address indexed _operator, address indexed _from, address indexed _to, uint256 _id, uint256 _value)',
    'event TransferBatch(address indexed _operator, address indexed _from, address indexed _to, uint256[] _ids, uint256[] _values)',
    'event URI(string _value, uint256 indexed _id)',
    'function safeTransferFrom(address _from, address _to, uint256 _id, uint256 _value, bytes _data)',
    'function safeBatchTransferFrom(address _from, address _to, uint256[] _ids, uint256[] _values, bytes _data)',
    'function balanceOf(address _owner, uint256 _id) view returns (uint256)',
    'function balanceOfBatch(address[] _owners, uint256[] _ids) view returns (uint256[])',
    'function uri(uint256 _id) view returns (string)',
  ],
  'ERC-165 (eips.ethereum.org/EIPS/eip-165)': ['function supportsInterface(bytes4 interfaceID) view returns (bool)'],
  'ERC-2612 (eips.ethereum.org/EIPS/eip-2612)': [
    'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
    'function nonces(address owner) view returns (uint256)',
    'function DOMAIN_SEPARATOR() view returns (bytes32)',
  ],
  'ERC-4626 (eips.ethereum.org/EIPS/eip-4626)': [
    'function asset() view returns (address assetTokenAddress)',
    'function totalAssets() view returns (uint256 totalManagedAssets)',
    'function convertToShares(uint256 assets) view returns (uint256 shares)',
    'function convertToAssets(uint256 shares) view returns (uint256 assets)',
    'function deposit(uint256 assets, address receiver) returns (uint256 shares)',
    'function mint(uint256 shares, address receiver) returns (uint256 assets)',
    'function withdraw(uint256 assets, address receiver, address owner) returns (uint256 shares)',
    'function redeem(uint256 shares, address receiver, address owner) returns (uint256 assets)',
    'event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares)',
    'event Withdraw(address indexed sender, address indexed receiver, address indexed owner, uint256 assets, uint256 shares)',
  ],
  'ERC-1271 (eips.ethereum.org/EIPS/eip-1271)': ['function isValidSignature(bytes32 _hash, bytes _signature) view returns (bytes4 magicValue)'],
  'ERC-4337 v0.7 account (eips.ethereum.org/EIPS/eip-4337)': [
    'function execute(address dest, uint256 value, bytes func)',
    'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
    'function executeBatch(address[] dest, bytes[] func)',
  ],
  'ERC-7579 (eips.ethereum.org/EIPS/eip-7579)': ['function execute(bytes32 mode, bytes executionCalldata) payable'],
  'ERC-6492 / ERC-5267 (eips.ethereum.org/EIPS/eip-5267)': [
    'function eip712Domain() view returns (bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)',
  ],
}

const sources = []
const tables = { functions: new Map(), events: new Map(), errors: new Map() }

function add(item, sourceIndex) {
  if (item.type !== 'function' && item.type !== 'event' && item.type !== 'error') return
  // Events with the same signature can differ in which inputs are indexed (ERC-20 and
  // ERC-721 Transfer): keep each arrangement.
  const signature =
    item.type === 'event'
      ? `${AbiItem.getSignature(item)}${item.inputs.map((i) => (i.indexed ? '1' : '0')).join('')}`
      : AbiItem.getSignature(item)
  const key = item.type === 'event' ? AbiItem.getSignatureHash(item) : AbiItem.getSelector(item)
  const table = tables[`${item.type}s`]
  // readable first: a key whose only signatures are not ABI signatures gets no (empty) entry
  const human = readable(item, key)
  if (human === undefined) return
  let bucket = table.get(key)
  if (!bucket) table.set(key, (bucket = new Map()))
  let entry = bucket.get(signature)
  if (!entry) bucket.set(signature, (entry = { human, sources: new Set() }))
  entry.sources.add(sourceIndex)
}

/** Parameters without their names (a name that is a Solidity keyword, `address address`). */
const unnamed = (params = []) => params.map(({ name: _, components, ...p }) => (components ? { ...p, components: unnamed(components) } : p))

/**
 * The item as a human-readable signature that parses back to the same selector or topic, or
 * undefined: a library's external function whose ABI names an enum or struct by its Solidity
 * name (`FieldType`) is not an ABI signature, and a decoder could not read its arguments.
 */
function readable(item, key) {
  for (const candidate of [item, { ...item, inputs: unnamed(item.inputs), ...(item.outputs ? { outputs: unnamed(item.outputs) } : {}) }]) {
    try {
      const human = Abi.format([candidate])[0]
      const back = AbiItem.from(human)
      if ((item.type === 'event' ? AbiItem.getSignatureHash(back) : AbiItem.getSelector(back)) === key) return human
    } catch {
      // try the next form
    }
  }
  skipped.push(`${item.type} ${item.name}`)
  return undefined
}
const skipped = []

function walk(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) walk(p, out)
    else if (name.endsWith('.json') && !name.endsWith('.dbg.json') && name !== 'Combined-Json.json') out.push(p)
  }
  return out
}

/**
 * The packages from `@uniswap/swap-router-contracts` on were added for breadth (#27): read
 * after viem's and the handwritten ABIs, so that an entry the table had before keeps its
 * human form (the first source to name a signature gives its parameter names), and with
 * FOUNDRY_SKIP besides their own skip lists.
 */
const BREADTH = PACKAGES.splice(PACKAGES.findIndex(([p]) => p === '@uniswap/swap-router-contracts'))
function readPackages(list, extraSkip) {
  for (const [pkg, dirs, ownSkip = []] of list) {
    const skip = [...ownSkip, ...extraSkip]
    const pkgDir = dirOf(pkg)
    const label = pkg.replace(/^.*node_modules\//, '')
    if (!existsSync(pkgDir)) throw new Error(`${pkg} is not installed: run npm run signatures (it installs scripts/signatures first)`)
    const version = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version
    for (const d of dirs)
      for (const file of walk(join(pkgDir, d))) {
        if (skip.some((s) => `/${relative(pkgDir, file)}`.includes(s))) continue
        let json
        try {
          json = JSON.parse(readFileSync(file, 'utf8'))
        } catch {
          continue
        }
        // 0x ships `compilerOutput.abi`.
        const abi = Array.isArray(json?.abi) ? json.abi : Array.isArray(json?.compilerOutput?.abi) ? json.compilerOutput.abi : Array.isArray(json) && json.every((i) => i && typeof i.type === 'string') ? json : null
        if (!abi || abi.length === 0) continue
        const sourceIndex = sources.push(`${label}@${version} ${relative(pkgDir, file)}`) - 1
        let parsed
        try {
          parsed = Abi.from(abi)
        } catch {
          continue
        }
        for (const item of parsed) add(item, sourceIndex)
      }
  }
}
readPackages(PACKAGES, [])
const viemVersion = JSON.parse(readFileSync(join(nm, 'viem', 'package.json'), 'utf8')).version
for (const file of VIEM_FILES) {
  const exports = await import(pathToFileURL(join(nm, 'viem', file)).href)
  for (const name of Object.keys(exports).sort()) {
    const v = exports[name]
    if (!Array.isArray(v) || !v.length || typeof v[0] !== 'object' || !v[0]?.type) continue
    let parsed
    try {
      parsed = Abi.from(v)
    } catch {
      continue
    }
    const sourceIndex = sources.push(`viem@${viemVersion} ${file} ${name}`) - 1
    for (const item of parsed) add(item, sourceIndex)
  }
}
for (const [source, lines] of Object.entries(HANDWRITTEN)) {
  const sourceIndex = sources.push(source) - 1
  for (const item of Abi.from(lines)) add(item, sourceIndex)
}

readPackages(BREADTH, FOUNDRY_SKIP)
for (const [pkg, file] of JS_PACKAGES) {
  const version = JSON.parse(readFileSync(join(dirOf(pkg), 'package.json'), 'utf8')).version
  const exports = await import(pathToFileURL(join(dirOf(pkg), file)).href)
  for (const name of Object.keys(exports).sort()) {
    const v = exports[name]
    if (!Array.isArray(v) || !v.length || !v.every((i) => i && typeof i === 'object' && typeof i.type === 'string')) continue
    let parsed
    try {
      parsed = Abi.from(v)
    } catch {
      continue
    }
    if (/mock|test/i.test(name)) continue
    const sourceIndex = sources.push(`${pkg}@${version} ${file} ${name}`) - 1
    for (const item of parsed) add(item, sourceIndex)
  }
}
const out = { note: 'Generated by scripts/build-signatures.mjs (npm run signatures). Do not edit.', sources }
for (const [kind, table] of Object.entries(tables)) {
  const obj = {}
  for (const key of [...table.keys()].sort()) {
    obj[key] = [...table.get(key).entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, e]) => [e.human, [...e.sources].sort((a, b) => a - b)])
  }
  out[kind] = obj
}
// Split for the browser: per kind, 16 shards by the first hex digit of the key (selector or
// topic), each holding key -> human signatures (what a decoder needs), so a lookup loads one
// shard; beside each, its provenance (which sources each entry came from, as indexes into the
// source names of signatures.sources.json), loaded only when sources are shown. The loaders
// are generated too (signatures.shards.ts), one literal import each, so the bundler makes one
// lazy chunk per file. See SignatureTable.load.
const dir = join(root, 'src', 'core', 'data')
const note = out.note
const HEX = '0123456789abcdef'
const KIND_FILES = { function: 'functions', event: 'events', error: 'errors' }
for (const name of readdirSync(dir)) if (/^signatures\..*\.json$/.test(name)) rmSync(join(dir, name))
const shardSizes = {}
for (const kind of Object.values(KIND_FILES)) {
  for (const digit of HEX) {
    const hot = {}
    const prov = {}
    for (const [key, entries] of Object.entries(out[kind])) {
      if (key[2] !== digit) continue
      hot[key] = entries.map(([human]) => human)
      prov[key] = entries.map(([, src]) => src)
    }
    const text = `${JSON.stringify(hot)}\n`
    writeFileSync(join(dir, `signatures.${kind}.${digit}.json`), text)
    writeFileSync(join(dir, `signatures.${kind}.${digit}.sources.json`), `${JSON.stringify(prov)}\n`)
    shardSizes[`${kind}.${digit}`] = gzipSync(text).length
  }
}
writeFileSync(join(dir, 'signatures.sources.json'), `${JSON.stringify({ note, sources })}\n`)
const loaders = (suffix) =>
  Object.entries(KIND_FILES)
    .map(([k, f]) => `  ${k}: [\n${[...HEX].map((d) => `    () => import('./signatures.${f}.${d}${suffix}.json'),\n`).join('')}  ],\n`)
    .join('')
writeFileSync(
  join(dir, 'signatures.shards.ts'),
  `/**\n * ${note}\n * Loaders of the offline signature table's shards: per kind, one per first hex digit of the\n * key (index 0 to 15), each a literal import so the bundler makes one lazy chunk per file.\n */\n` +
    `/** The hot shards: key -> human-readable signatures. */\nexport const hot = {\n${loaders('')}} as const\n\n` +
    `/** Their provenance: key -> per signature, indexes into \`names\`'s sources. */\nexport const provenance = {\n${loaders('.sources')}} as const\n\n` +
    `/** The source names (package@version and file) and the note. */\nexport const names = () => import('./signatures.sources.json')\n`,
)
const count = (k) => Object.values(out[k]).reduce((a, v) => a + v.length, 0)
const distinct = new Set(Object.values(out.functions).flatMap((v) => v.map(([h]) => AbiItem.getSignature(AbiItem.from(h))))).size
if (skipped.length) console.log(`skipped ${skipped.length} items that are not ABI signatures: ${[...new Set(skipped)].join(', ')}`)
console.log(`${dir}/signatures.*.json: ${count('functions')} functions (${distinct} distinct signatures), ${count('events')} events, ${count('errors')} errors from ${sources.length} sources`)
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
for (const kind of Object.values(KIND_FILES)) {
  const sizes = [...HEX].map((d) => shardSizes[`${kind}.${d}`])
  console.log(`  ${kind} shards gzipped: ${kb(Math.min(...sizes))} to ${kb(Math.max(...sizes))}, ${kb(sizes.reduce((a, b) => a + b, 0))} in all`)
}
