#!/usr/bin/env node
/**
 * Moves src/core into folders by concept family (issue #22, docs/ARCHITECTURE.md "Core
 * families"), each module with its tests (`Foo.ts`, `Foo.test.ts`, `Foo.*.test.ts`), and
 * gives the transaction modules one naming order (`Tx<Verb>`: SendTx → TxSend, PendingTx →
 * TxPending, beside TxBuild, TxDecode, TxFill, TxWarnings).
 *
 *   node scripts/core-layout.mjs            apply (git mv + rewrites), then print what it did
 *   node scripts/core-layout.mjs --check    change nothing; exit 1 if anything is left to do
 *
 * Re-runnable and idempotent: on a tree already moved it changes nothing. It works on a tree
 * that changed since it was written: importers are found by resolving every relative
 * specifier of every file (import, export, import(), vi.mock(), new URL(…, import.meta.url),
 * `?worker`-style suffixes kept), not from a list; a specifier that still names an old path
 * (`../core/SendTx` written after the move) is sent to the new one. Path mentions
 * (`src/core/Units.ts`, `core/SimReport`) in docs, configs, tests and comments follow, and a
 * renamed module's namespace (`SendTx.prepare`, `import * as SendTx`, error names
 * `'SendTx.WrongKeyError'`) is renamed everywhere as a word. A module at the root of src/core
 * that the mapping does not name is left where it is and printed, for a person to place.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const CORE = 'src/core'

/**
 * Family → modules, bottom layer first (a family imports only the families before it:
 * eslint.config.js CORE_FAMILIES holds the same order). Names are the modules' current names.
 */
export const FAMILIES = {
  // Notations: numbers, hex, JSON, RLP and text as people write them; Errors only below.
  format: ['Units', 'BigNum', 'HexText', 'HexBytes', 'JsonText', 'RlpTree', 'VisibleText', 'HexData'],
  // Secrets and what holds them: private keys, BIP-39/32, keystores and their KDFs, secret shapes.
  keys: ['Key', 'Hd', 'Mnemonic', 'Keystore', 'KeystoreKdf', 'KeystoreBounds', 'Presale', 'SecretShape', 'PublicTestKeys', 'Randomness'],
  // Addresses: EIP-55/1191 checks, ICAP, CREATE/CREATE2 addresses and the vanity searches.
  address: ['AddressCheck', 'Icap', 'ContractAddress', 'Create2Salt', 'Vanity', 'VanityMiner'],
  // Digests and what Solidity builds from them: hashes of bytes and files, encodePacked, storage slots.
  hash: ['Hashing', 'SolidityValue', 'SolidityPacked', 'StorageSlot'],
  // The contract ABI: codecs, call data, events, selectors and the signature table.
  abi: [
    'Abi', 'AbiCodec', 'AbiGuess', 'AbiLayout', 'Calldata', 'CalldataEncode', 'Deploy',
    'EtherscanText', 'EventEncode', 'Selector', 'SignatureKeys', 'SignatureLookup', 'SignatureTable', 'ValueFormat',
    'Approval', 'TokenAmount', 'Erc20Preset', 'AccountCall', 'UniversalRouter',
  ],
  // A node: JSON-RPC and its faults, chain info and fees, calls, blocks, logs, accounts, code.
  chain: ['Rpc', 'RpcFaults', 'RpcConsole', 'Chains', 'ChainFormat', 'Fees', 'FeeHistory', 'ChainCall', 'ChainBlocks', 'AccountInfo', 'Logs', 'Proxy', 'DispatchCode', 'TokenInfo', 'FindBlock', 'NodeUrl', 'Net', 'ProofVerify', 'AccessList', 'ConnectPolicy', 'NodeViews', 'BeaconPayload', 'GenesisName'],
  // Storage read by variable name: solc/forge storage layouts (ERC-7201 namespaces too) decoded from a node's slots.
  storage: ['StorageLayout', 'StorageRead', 'SlotNames'],
  // Bytecode: the disassembler, the opcode reference per hardfork, compiler metadata; code read from a node.
  bytecode: ['Opcodes', 'StackArgs', 'Metadata', 'Disassembler', 'CodeRead'],
  // ENS names, their resolution through the chain, avatars, and CCIP-read (EIP-3668).
  ens: ['Ens', 'EnsResolve', 'EnsAvatar', 'Ccip'],
  // Signatures: the secp256k1 engine, messages, typed data, SIWE, contract accounts, Safe.
  sign: ['SigningEngine', 'Signing', 'SignatureInspect', 'TypedDataView', 'Siwe', 'ContractSignature', 'Safe', 'SafeMessage'],
  // Transactions: build, decode, fill, warn, send, replace; their intrinsic gas and EIP-7702 authorizations.
  tx: ['TxBuild', 'TxDecode', 'TxFill', 'TxWarnings', 'SendTx', 'PendingTx', 'IntrinsicGas', 'Authorization', 'UserOperation', 'UserOpSimulate', 'OpDataFee'],
  // The in-page EVM simulation (EthereumJS) and what is read from its result.
  sim: ['Simulation', 'SimulationInput', 'SimState', 'SimRpc', 'StateOverrides', 'CallTrace', 'TraceCompare', 'AssetChanges', 'SimReport', 'BlockOverrides', 'TraceView', 'TraceWords', 'TraceFlows', 'VerifiedReads', 'SimWitness', 'SimCapsule'],
  // Air-gapped signing and QR codes: UR (BCR-2020-005), ERC-4527 requests, QR images.
  qr: ['QrCode', 'KeyQr', 'Ur', 'EthSignRequest', 'SignWitness'],
  // The step debugger over the simulation: every step recorded, navigation, gas per frame.
  debug: ['DebugTrace', 'DebugNav', 'GasProfile', 'SourceMap', 'Artifacts', 'ArtifactMatch', 'DebugSource', 'VerifiedSource'],
}

/** One naming order for transactions: Tx<Verb>. */
export const RENAMES = { SendTx: 'TxSend', PendingTx: 'TxPending' }

/** The shared base: stays at the root of src/core, importable by every family. */
export const ROOT_MODULES = ['Errors', 'Outcome', 'ReadBody']

/** Folders of src/core that are not families (data the modules import). */
const NOT_MODULES = ['data']

const SCAN_DIRS = ['src', 'test', 'e2e', 'bench', 'scripts', 'docs', 'public', '.ci']
const SCAN_EXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|json|md|html|yml|yaml)$/
const SKIP = [/^scripts\/core-layout\.mjs$/, /^src\/core\/data\//, /(^|\/)node_modules\//, /^package-lock\.json$/, /^dist\//]
const RESOLVE_EXT = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '.json', '/index.ts', '/index.tsx', '/index.js']

const check = process.argv.includes('--check')
const abs = (rel) => join(root, rel)

// ---- the move map ---------------------------------------------------------------------------

const familyOf = new Map()
for (const [family, modules] of Object.entries(FAMILIES))
  for (const m of modules) {
    if (familyOf.has(m)) throw new Error(`${m} is in two families`)
    familyOf.set(m, family)
  }
const newName = (m) => RENAMES[m] ?? m

/** The module a core file belongs to: `Foo.ts`, `Foo.test.ts`, `Foo.bar.test.ts` → Foo. */
const moduleOfFile = (name) => /^([A-Z][A-Za-z0-9]*)(\..+)?\.(ts|tsx)$/.exec(name)?.[1]

const rootFiles = readdirSync(abs(CORE), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name)
const moves = new Map() // old repo path → new repo path
const unmapped = new Set()
const orphans = []
const rootModuleNames = new Set(rootFiles.filter((n) => /^[A-Z]\w*\.ts$/.test(n) && !n.includes('.test.')).map((n) => n.replace(/\.ts$/, '')))
for (const name of rootFiles) {
  const m = moduleOfFile(name)
  if (!m) continue
  if (ROOT_MODULES.includes(m)) continue
  const family = familyOf.get(m)
  if (!family) {
    if (rootModuleNames.has(m)) unmapped.add(m)
    else orphans.push(`${CORE}/${name}`)
    continue
  }
  if (!rootModuleNames.has(m)) orphans.push(`${CORE}/${name}`)
  const rest = name.slice(m.length) // '.ts', '.test.ts', '.fields.test.ts'
  moves.set(`${CORE}/${name}`, `${CORE}/${family}/${newName(m)}${rest}`)
}

/** Where a module lives once moved, by its old name: for specifiers that still name old paths. */
const oldModulePath = new Map() // 'src/core/SendTx' → 'src/core/tx/TxSend'
for (const [m, family] of familyOf) oldModulePath.set(`${CORE}/${m}`, `${CORE}/${family}/${newName(m)}`)

// ---- files to rewrite ----------------------------------------------------------------------

function listFiles() {
  let names
  try {
    names = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...SCAN_DIRS.filter((d) => existsSync(abs(d)))], { cwd: root, encoding: 'utf8' }).split('\n')
    names.push(...readdirSync(root).filter((n) => statSync(abs(n)).isFile()))
  } catch {
    throw new Error('core-layout: run inside the git work tree')
  }
  return [...new Set(names)].filter((n) => n && SCAN_EXT.test(n) && !SKIP.some((r) => r.test(n)) && existsSync(abs(n)))
}

const exists = (rel) => existsSync(abs(rel)) && statSync(abs(rel)).isFile()

/** The file a relative specifier names from `fromFile` (repo paths), before the move; null if none. */
function resolveSpec(fromFile, spec) {
  const base = posix.normalize(posix.join(posix.dirname(fromFile), spec))
  for (const ext of RESOLVE_EXT) {
    const candidate = base + ext
    if (exists(candidate) || moves.has(candidate)) return { target: candidate, ext }
  }
  // An old path written after the move (or by a branch that merged late): the module's new place.
  const now = oldModulePath.get(base.replace(/\.tsx?$/, ''))
  if (now && exists(`${now}.ts`)) return { target: `${now}.ts`, ext: /\.tsx?$/.test(base) ? '' : '.ts', stale: true }
  return null
}

const where = (rel) => moves.get(rel) ?? rel

/** The specifier that names `target` (its new place) from `file` (its new place), in the original's style. */
function respecify(newFile, target, ext) {
  let t = where(target)
  if (ext) t = t.slice(0, t.length - ext.length) // the original left the extension (or /index) out
  let r = posix.relative(posix.dirname(newFile), t)
  if (!r.startsWith('.')) r = `./${r}`
  return r
}

// Specifier sites: import/export … from, side-effect import, import(), vi.mock and friends,
// require(), new URL(…, import.meta.url). Group 2 is the specifier, maybe with ?query or #hash.
const SITES = [
  /(\bfrom\s*)(['"])(\.\.?\/[^'"\n]*)\2/g,
  /(\bimport\s*)(['"])(\.\.?\/[^'"\n]*)\2/g,
  /(\bimport\s*\(\s*)(['"])(\.\.?\/[^'"\n]*)\2/g,
  /(\bvi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)\s*(?:<[^>]*>)?\s*\(\s*)(['"])(\.\.?\/[^'"\n]*)\2/g,
  /(\brequire\s*\(\s*)(['"])(\.\.?\/[^'"\n]*)\2/g,
  /(\bnew\s+URL\s*\(\s*)(['"])(\.\.?\/[^'"\n]*)\2(?=\s*,\s*import\.meta\.url)/g,
  /(\bimport\.meta\.glob\s*(?:<[^>]*>)?\s*\(\s*)(['"])(\.\.?\/[^'"\n*]*)\2/g,
  // paths read from the file's own folder: join(__dirname, '../…'), resolve(import.meta.dirname, '…')
  /(\b(?:join|resolve)\s*\(\s*(?:__dirname|import\.meta\.dirname)\s*,\s*)(['"])(\.\.?\/[^'"\n]*)\2/g,
]
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/

function rewriteSpecifiers(file, text) {
  const newFile = where(file)
  let out = text
  for (const site of SITES)
    out = out.replace(site, (whole, lead, q, spec) => {
      const [, path, suffix = ''] = /^([^?#]*)([?#].*)?$/.exec(spec)
      const found = resolveSpec(file, path)
      if (!found) {
        // Nothing in the tree (a folder, files outside it such as ../shared/vectors): a moved file
        // still names the same place.
        if (newFile === file) return whole
        let r = posix.relative(posix.dirname(newFile), posix.normalize(posix.join(posix.dirname(file), path)))
        if (!r.startsWith('.')) r = `./${r}`
        return `${lead}${q}${r}${path.endsWith('/') && !r.endsWith('/') ? '/' : ''}${suffix}${q}`
      }
      if (!found.stale && !moves.has(found.target) && newFile === file) return whole
      const next = respecify(newFile, found.target, found.ext) + suffix
      return next === spec ? whole : `${lead}${q}${next}${q}`
    })
  return out
}

// Path mentions outside specifiers: `src/core/Units.ts`, `core/SimReport`, `src/core/SendTx.test.ts > …`.
const mentionRe = /(?<![\w.-])((?:src\/)?core\/)([A-Z][A-Za-z0-9]*)(?![A-Za-z0-9/])/g
function rewriteMentions(text) {
  return text.replace(mentionRe, (whole, prefix, m) => {
    const family = familyOf.get(m)
    return family ? `${prefix}${family}/${newName(m)}` : whole
  })
}

function renameWords(text) {
  let out = text
  for (const [from, to] of Object.entries(RENAMES)) out = out.replace(new RegExp(`(?<![\\w$])${from}(?![\\w$])`, 'g'), to)
  return out
}

// ---- run -----------------------------------------------------------------------------------

const files = listFiles()
const changed = []
for (const file of files) {
  const text = readFileSync(abs(file), 'utf8')
  let next = CODE.test(file) ? rewriteSpecifiers(file, text) : text
  next = renameWords(rewriteMentions(next))
  if (next !== text) {
    changed.push(file)
    if (!check) writeFileSync(abs(file), next)
  }
}

const tracked = new Set(execFileSync('git', ['ls-files', '--', CORE], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean))
const moved = []
for (const [from, to] of [...moves].sort()) {
  if (exists(to)) throw new Error(`core-layout: ${to} exists already; ${from} not moved`)
  moved.push(`${from} → ${to}`)
  if (check) continue
  mkdirSync(dirname(abs(to)), { recursive: true })
  if (tracked.has(from)) execFileSync('git', ['mv', from, to], { cwd: root })
  else renameSync(abs(from), abs(to))
}

const say = (title, list) => list.length && console.log(`${title} (${list.length}):\n  ${list.join('\n  ')}`)
say(check ? 'would move' : 'moved', moved)
say(check ? 'would rewrite' : 'rewrote', changed)
say('NOT MAPPED: modules left at the root of src/core (add each to a family in scripts/core-layout.mjs, or to ROOT_MODULES)', [...unmapped].sort())
say('ORPHAN test files (named after no module; rename to <Module>.<topic>.test.ts)', orphans.sort())
const unknownDirs = readdirSync(abs(CORE), { withFileTypes: true }).filter((e) => e.isDirectory() && !NOT_MODULES.includes(e.name) && !(e.name in FAMILIES)).map((e) => e.name)
say('folders of src/core that are no family', unknownDirs)
if (!moved.length && !changed.length) console.log('core-layout: nothing to do (src/core is in its families)')
if (check && (moved.length || changed.length)) process.exitCode = 1
