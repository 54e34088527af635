/**
 * The EVM opcode reference, per hardfork from Frontier to the newest one EthereumJS knows:
 * each opcode's byte, name, static gas and whether a dynamic part is added come from
 * @ethereumjs/evm's own tables (`getOpcodesForHF`, generated into `core/data/opcodes.json` by
 * `scripts/build-opcodes.mjs`; `Opcodes.test.ts` rebuilds them from the library and fails on
 * any difference). The library has no stack counts or descriptions, so those (and one line
 * saying what the dynamic part depends on) are the short data below.
 *
 * @example
 * ```ts
 * Opcodes.table('cancun').byByte[0x5c]?.name // 'TLOAD'
 * Opcodes.diff('shanghai', 'cancun').added.map((o) => o.name) // ['BLOBHASH', 'BLOBBASEFEE', 'TLOAD', 'TSTORE', 'MCOPY']
 * ```
 */
import { BaseError } from '../Errors'
import data from '../data/opcodes.json'

export interface Opcode {
  byte: number
  name: string
  /** Static gas (EthereumJS's `fee`). */
  gas: number
  /** A dynamic part is added at run time. */
  dynamic: boolean
  /** What the dynamic part depends on, when there is one. */
  dynamicNote?: string
  /** Stack words taken and pushed. */
  stackIn: number
  stackOut: number
  /** One line: what it does. */
  meaning: string
}

export interface Hardfork {
  id: string
  /** Plain name (Frontier for EthereumJS's `chainstart`). */
  label: string
  /** Mainnet activation: a block number or a timestamp; neither when not yet scheduled. */
  block: number | null
  timestamp: number | null
}

export interface Table {
  hardfork: Hardfork
  /** The opcodes the hardfork defines, by byte order. */
  opcodes: Opcode[]
  /** Byte → opcode (undefined: not an opcode in this hardfork). */
  byByte: (Opcode | undefined)[]
}

type Raw = { id: string; block: number | null; timestamp: number | string | null; ops: [number, string, number, number][] }
const RAW = (data as unknown as { hardforks: Raw[] }).hardforks

const LABELS: Record<string, string> = {
  chainstart: 'Frontier', homestead: 'Homestead', dao: 'DAO', tangerineWhistle: 'Tangerine Whistle', spuriousDragon: 'Spurious Dragon',
  byzantium: 'Byzantium', constantinople: 'Constantinople', petersburg: 'Petersburg', istanbul: 'Istanbul', muirGlacier: 'Muir Glacier',
  berlin: 'Berlin', london: 'London', arrowGlacier: 'Arrow Glacier', grayGlacier: 'Gray Glacier', paris: 'Paris (the Merge)',
  mergeNetsplitBlock: 'Merge netsplit block', shanghai: 'Shanghai', cancun: 'Cancun', prague: 'Prague', osaka: 'Osaka',
  bpo1: 'BPO1', bpo2: 'BPO2', amsterdam: 'Amsterdam',
}

/** Every hardfork, oldest first. */
export const HARDFORKS: readonly Hardfork[] = RAW.map((h) => ({ id: h.id, label: LABELS[h.id] ?? h.id, block: h.block, timestamp: h.timestamp === null ? null : Number(h.timestamp) }))

/** The newest hardfork with a mainnet activation (the rules in force); later ones are planned. */
export const CURRENT: string = [...HARDFORKS].reverse().find((h) => h.block !== null || h.timestamp !== null)!.id

/** The newest hardfork EthereumJS defines (cast's and revm's opcode set is this one's). */
export const NEWEST: string = HARDFORKS[HARDFORKS.length - 1]!.id

// [stack in, stack out, meaning, dynamic part]. PUSHn, DUPn, SWAPn and LOGn are made below.
const INFO: Record<string, [number, number, string, string?]> = {
  STOP: [0, 0, 'Halts execution'],
  ADD: [2, 1, 'a + b (mod 2^256)'], MUL: [2, 1, 'a × b (mod 2^256)'], SUB: [2, 1, 'a − b (mod 2^256)'],
  DIV: [2, 1, 'Unsigned a ÷ b (0 when b is 0)'], SDIV: [2, 1, 'Signed a ÷ b'], MOD: [2, 1, 'Unsigned a mod b'], SMOD: [2, 1, 'Signed a mod b'],
  ADDMOD: [3, 1, '(a + b) mod N'], MULMOD: [3, 1, '(a × b) mod N'],
  EXP: [2, 1, 'a ** b', '50 per byte of the exponent (10 before Spurious Dragon)'],
  SIGNEXTEND: [2, 1, 'Sign-extends x from (b + 1) bytes'],
  LT: [2, 1, 'a < b, unsigned'], GT: [2, 1, 'a > b, unsigned'], SLT: [2, 1, 'a < b, signed'], SGT: [2, 1, 'a > b, signed'],
  EQ: [2, 1, 'a == b'], ISZERO: [1, 1, 'a == 0'], AND: [2, 1, 'Bitwise and'], OR: [2, 1, 'Bitwise or'], XOR: [2, 1, 'Bitwise xor'],
  NOT: [1, 1, 'Bitwise not'], BYTE: [2, 1, 'The i-th byte of x, from the most significant'],
  SHL: [2, 1, 'x << shift'], SHR: [2, 1, 'x >> shift, logical'], SAR: [2, 1, 'x >> shift, arithmetic'], CLZ: [1, 1, 'Count of leading zero bits'],
  KECCAK256: [2, 1, 'keccak256 of memory[offset, offset + size)', '6 per word hashed, plus memory growth'],
  ADDRESS: [0, 1, 'Address of the running account'],
  BALANCE: [1, 1, 'Balance of an account', 'cold (2,600) or warm (100) account since Berlin'],
  ORIGIN: [0, 1, 'The transaction\'s sender'], CALLER: [0, 1, 'The caller of this frame'], CALLVALUE: [0, 1, 'Wei sent with this call'],
  CALLDATALOAD: [1, 1, 'A 32-byte word of call data'], CALLDATASIZE: [0, 1, 'Size of the call data'],
  CALLDATACOPY: [3, 0, 'Copies call data to memory', '3 per word copied, plus memory growth'],
  CODESIZE: [0, 1, 'Size of the running code'], CODECOPY: [3, 0, 'Copies the running code to memory', '3 per word copied, plus memory growth'],
  GASPRICE: [0, 1, 'Gas price of the transaction'],
  EXTCODESIZE: [1, 1, 'Code size of an account', 'cold (2,600) or warm (100) account since Berlin'],
  EXTCODECOPY: [4, 0, 'Copies an account\'s code to memory', '3 per word copied, memory growth, cold or warm account'],
  RETURNDATASIZE: [0, 1, 'Size of the last call\'s return data'],
  RETURNDATACOPY: [3, 0, 'Copies return data to memory', '3 per word copied, plus memory growth'],
  EXTCODEHASH: [1, 1, 'keccak256 of an account\'s code', 'cold (2,600) or warm (100) account since Berlin'],
  BLOCKHASH: [1, 1, 'Hash of one of the 256 latest blocks'], COINBASE: [0, 1, 'The block\'s fee recipient'],
  TIMESTAMP: [0, 1, 'The block\'s timestamp'], NUMBER: [0, 1, 'The block\'s number'],
  DIFFICULTY: [0, 1, 'The block\'s difficulty'], PREVRANDAO: [0, 1, 'The beacon chain\'s randomness (was DIFFICULTY)'],
  GASLIMIT: [0, 1, 'The block\'s gas limit'], CHAINID: [0, 1, 'The chain id'], SELFBALANCE: [0, 1, 'Balance of the running account'],
  BASEFEE: [0, 1, 'The block\'s base fee'], BLOBHASH: [1, 1, 'Versioned hash of the transaction\'s i-th blob'],
  BLOBBASEFEE: [0, 1, 'The block\'s blob base fee'], SLOTNUM: [0, 1, 'The beacon slot number'],
  POP: [1, 0, 'Drops the top word'], MLOAD: [1, 1, 'Reads a word of memory', 'memory growth'],
  MSTORE: [2, 0, 'Writes a word to memory', 'memory growth'], MSTORE8: [2, 0, 'Writes a byte to memory', 'memory growth'],
  SLOAD: [1, 1, 'Reads a storage slot', 'cold (2,100) or warm (100) slot since Berlin'],
  SSTORE: [2, 0, 'Writes a storage slot', 'original, current and new value, cold or warm slot (EIP-2200, EIP-2929, EIP-3529)'],
  JUMP: [1, 0, 'Jumps to a JUMPDEST'], JUMPI: [2, 0, 'Jumps to a JUMPDEST when the condition is not zero'],
  PC: [0, 1, 'Offset of this instruction'], MSIZE: [0, 1, 'Size of memory in use'], GAS: [0, 1, 'Gas left'],
  JUMPDEST: [0, 0, 'Marks a valid jump destination'],
  TLOAD: [1, 1, 'Reads transient storage'], TSTORE: [2, 0, 'Writes transient storage'],
  MCOPY: [3, 0, 'Copies memory to memory', '3 per word copied, plus memory growth'],
  PUSH0: [0, 1, 'Pushes 0'],
  DUPN: [0, 1, 'Duplicates the n-th stack item (n from the next byte)'], SWAPN: [0, 0, 'Swaps the top with the n-th item (n from the next byte)'],
  EXCHANGE: [0, 0, 'Swaps two items below the top (from the next byte)'],
  CREATE: [3, 1, 'Creates a contract', 'init code words (EIP-3860), memory growth, code deposit'],
  CALL: [7, 1, 'Calls an account', 'cold or warm account, value sent, new account, memory growth, gas forwarded'],
  CALLCODE: [7, 1, 'Runs another account\'s code in this account\'s storage', 'cold or warm account, value sent, memory growth, gas forwarded'],
  RETURN: [2, 0, 'Halts, returning memory[offset, offset + size)', 'memory growth'],
  DELEGATECALL: [6, 1, 'Runs another account\'s code with this caller and value', 'cold or warm account, memory growth, gas forwarded'],
  CREATE2: [4, 1, 'Creates a contract at a salted address', 'hashing the init code, init code words, memory growth, code deposit'],
  STATICCALL: [6, 1, 'Calls an account, forbidding state changes', 'cold or warm account, memory growth, gas forwarded'],
  REVERT: [2, 0, 'Halts, undoing state changes, returning memory[offset, offset + size)', 'memory growth'],
  INVALID: [0, 0, 'Designated invalid instruction: halts, consuming all gas'],
  SELFDESTRUCT: [1, 0, 'Sends the balance to an account (and, before Cancun or in the same transaction as creation, deletes the account)', 'cold beneficiary, new account'],
}

function describe(byte: number, name: string): Pick<Opcode, 'stackIn' | 'stackOut' | 'meaning' | 'dynamicNote'> {
  const n = Number(/\d+$/.exec(name)?.[0] ?? 0)
  if (/^PUSH\d+$/.test(name) && n > 0) return { stackIn: 0, stackOut: 1, meaning: `Pushes the next ${n} byte${n === 1 ? '' : 's'} of code` }
  if (/^DUP\d+$/.test(name)) return { stackIn: n, stackOut: n + 1, meaning: `Duplicates the ${ordinal(n)} stack item` }
  if (/^SWAP\d+$/.test(name)) return { stackIn: n + 1, stackOut: n + 1, meaning: `Swaps the top with the ${ordinal(n + 1)} stack item` }
  if (/^LOG\d$/.test(name)) return { stackIn: n + 2, stackOut: 0, meaning: `Appends a log with ${n} topic${n === 1 ? '' : 's'}`, dynamicNote: '375 per topic, 8 per byte of data, plus memory growth' }
  const i = INFO[name]
  if (!i) return { stackIn: 0, stackOut: 0, meaning: `Opcode 0x${byte.toString(16).padStart(2, '0')}` }
  return { stackIn: i[0], stackOut: i[1], meaning: i[2], ...(i[3] ? { dynamicNote: i[3] } : {}) }
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${s}`
}

const cache = new Map<string, Table>()

/** The opcode table of a hardfork (`id` as EthereumJS names it: 'chainstart', 'cancun', …). */
export function table(id: string = CURRENT): Table {
  const hit = cache.get(id)
  if (hit) return hit
  const raw = RAW.find((h) => h.id === id)
  if (!raw) throw new UnknownHardforkError(id)
  const opcodes = raw.ops.map(([byte, name, gas, dyn]): Opcode => ({ byte, name, gas, dynamic: dyn === 1, ...describe(byte, name) }))
  const byByte: (Opcode | undefined)[] = new Array(256).fill(undefined)
  for (const o of opcodes) byByte[o.byte] = o
  const t: Table = { hardfork: HARDFORKS.find((h) => h.id === id)!, opcodes, byByte }
  cache.set(id, t)
  return t
}

/** A hardfork by its id or plain name, any case ('Frontier', 'chainstart', 'Tangerine Whistle'). */
export function hardfork(text: string): Hardfork {
  const t = text.trim().toLowerCase().replace(/[\s_-]+/g, '')
  const h = HARDFORKS.find((f) => f.id.toLowerCase() === t || f.label.toLowerCase().replace(/\s+|\(.*\)/g, '') === t)
  if (!h) throw new UnknownHardforkError(text)
  return h
}

export interface Change {
  byte: number
  name: string
  from?: Opcode
  to?: Opcode
}

export interface Diff {
  from: Hardfork
  to: Hardfork
  added: Opcode[]
  removed: Opcode[]
  /** Same byte, another name (DIFFICULTY → PREVRANDAO). */
  renamed: Change[]
  /** Static gas or the presence of a dynamic part changed. */
  gasChanged: Change[]
}

/** What changed from one hardfork to another (either order). */
export function diff(fromId: string, toId: string): Diff {
  const a = table(fromId)
  const b = table(toId)
  const out: Diff = { from: a.hardfork, to: b.hardfork, added: [], removed: [], renamed: [], gasChanged: [] }
  for (let byte = 0; byte < 256; byte++) {
    const x = a.byByte[byte]
    const y = b.byByte[byte]
    if (!x && y) out.added.push(y)
    else if (x && !y) out.removed.push(x)
    else if (x && y) {
      if (x.name !== y.name) out.renamed.push({ byte, name: y.name, from: x, to: y })
      if (x.gas !== y.gas || x.dynamic !== y.dynamic) out.gasChanged.push({ byte, name: y.name, from: x, to: y })
    }
  }
  return out
}

/**
 * The opcodes of a table that match `query`: a byte (`0x5c`, `5c`), a name or its start
 * (`tload`, `push`), or words of the meaning (`storage`). Empty query: all of them.
 */
export function search(t: Table, query: string): Opcode[] {
  const q = query.trim().toLowerCase()
  if (!q) return t.opcodes
  const asByte = /^(0x)?[0-9a-f]{1,2}$/.test(q) ? parseInt(q.replace(/^0x/, ''), 16) : undefined
  const byByte = asByte !== undefined ? t.opcodes.filter((o) => o.byte === asByte) : []
  const byName = t.opcodes.filter((o) => o.name.toLowerCase().startsWith(q) && !byByte.includes(o))
  const words = q.split(/\s+/)
  const byMeaning = t.opcodes.filter((o) => !byByte.includes(o) && !byName.includes(o) && words.every((w) => `${o.meaning} ${o.dynamicNote ?? ''} ${o.name}`.toLowerCase().includes(w)))
  return [...byByte, ...byName, ...byMeaning]
}

/** `0x5c`. */
export const hex = (byte: number): string => `0x${byte.toString(16).padStart(2, '0')}`

export class UnknownHardforkError extends BaseError {
  constructor(text: string) {
    super('Opcodes.UnknownHardforkError', `"${text}" is not a hardfork this reference knows.`, {
      hints: [`One of: ${HARDFORKS.map((h) => h.label).join(', ')}.`],
    })
  }
}
