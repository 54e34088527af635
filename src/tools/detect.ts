/**
 * Input auto-detection: given anything pasted into the command palette, which tools can take
 * it, and in which field. Derived from the registry: a rule whose tool or field is not
 * registered is skipped (a test checks every rule against the registry).
 * Only cheap pattern checks here: nothing is parsed or validated until the tool opens.
 */
import * as SecretShape from '../core/keys/SecretShape'
import { findTool } from './registry'

export interface Suggestion {
  tool: string
  field: string
  /** What the value looks like ("an address", "call data"). */
  what: string
  score: number
  /** Extra non-secret inputs to set alongside. */
  extra?: Record<string, string>
  /** The value for `field` when it is not the pasted text itself ("1.5" of "1.5 ether"). */
  value?: string
  /**
   * Set when the value may be secret (a 32-byte value may be a private key; an extended
   * private key is one) or reveals a wallet (an xpub): it is handed over in memory only, never
   * through the URL, whichever field it goes to.
   */
  shape?: SecretShape.Shape
}

interface Rule {
  tool: string
  field: string
  what: string
  score: number
  test: (t: string) => boolean
  extra?: Record<string, string> | ((t: string) => Record<string, string>)
  value?: (t: string) => string
}

/** A block explorer's page (EIP-3091 paths: Etherscan, Blockscout and the like): what it names (#37). */
const EXPLORER = /^https:\/\/[^\s/?#]+(?:\/[^\s?#]*)?\/(tx|address|block|token)\/([^\s/?#]+)\/?(?:[?#]\S*)?$/i
function onExplorer(t: string, kinds: readonly string[], value: (v: string) => boolean): string | undefined {
  const m = EXPLORER.exec(t)
  return m && kinds.includes(m[1]!.toLowerCase()) && value(m[2]!) ? m[2]! : undefined
}
const txHash = (v: string) => hexBytes(v) === 32
const address20 = (v: string) => hexBytes(v) === 20
const blockNumber = (v: string) => /^\d{1,20}$/.test(v)

const hex = (t: string) => /^0x[0-9a-fA-F]*$/.test(t)
const hexBytes = (t: string) => (hex(t) && t.length % 2 === 0 ? (t.length - 2) / 2 : -1)
/** The last byte is a signature's v as wallets write it (27 or 28). */
const signatureV = (t: string) => /(1b|1c)$/i.test(t)
const words = (t: string) => t.trim().split(/[\s\u3000]+/).filter(Boolean).length
const isJson = (t: string, needle: RegExp) => /^[[{]/.test(t) && needle.test(t)
const UNIT_AMOUNT = /^([+-]?(?:\d[\d_,]*)?(?:\.\d+)?(?:e[+-]?\d+)?)\s*(wei|kwei|mwei|gwei|szabo|finney|ether|eth)$/i
/** Error(string) and Panic(uint256) revert data: selector then whole words. */
/**
 * An RLP list whose length prefix matches the bytes given (not merely a first byte of 0xc0–0xff:
 * a quarter of all hashes start so, and they are not RLP). The long form counts only where RLP
 * allows it: a payload of 56 bytes or more, its length without leading zeros (0xf81e… is no
 * list: 30 bytes take the short form 0xde).
 */
function rlpList(t: string): boolean {
  const n = hexBytes(t)
  if (n < 2 || !/^0x[c-f]/i.test(t)) return false
  const b0 = parseInt(t.slice(2, 4), 16)
  if (b0 <= 0xf7) return n - 1 === b0 - 0xc0
  const l = b0 - 0xf7
  if (n < 1 + l || t.slice(4, 6) === '00') return false
  const length = parseInt(t.slice(4, 4 + 2 * l), 16)
  return length >= 56 && length === n - 1 - l
}
const revertData = (t: string) => { const n = hexBytes(t); return n >= 36 && (n - 4) % 32 === 0 && /^0x(08c379a0|4e487b71)/i.test(t) }

/** Compiled code: solc's preamble (the free-memory pointer, 0x80 and up with immutables) or Vyper's dispatcher (PUSH0 CALLDATALOAD 0xe0 SHR). */
const compiledCode = (t: string) => hexBytes(t) >= 8 && /^0x(60[89a-f]0604052|61[0-9a-f]{4}604052|5f3560e01c)/i.test(t)

/**
 * How many offers the palette and the paste box show: enough that a 32-byte value's every meaning (a transaction to look
 * up or to step through, a block, a topic, an event, a number) still leaves the key tool in view.
 */
export const OFFERS_SHOWN = 7

export const RULES: readonly Rule[] = [
  { tool: 'address', field: 'address', what: 'an address', score: 100, test: (t) => /^0x[0-9a-fA-F]{40}$/.test(t) },
  { tool: 'account', field: 'address', what: 'an address', score: 60, test: (t) => /^0x[0-9a-fA-F]{40}$/.test(t) },
  { tool: 'address', field: 'address', what: 'an ICAP address', score: 90, test: (t) => /^XE[0-9]{2}[0-9A-Z]{16,31}$/i.test(t) },
  // 32 bytes with 0x are most often a transaction hash, a block hash or an event topic: those
  // come first, the key tools last. Bare 64 hex digits (how wallets export keys) offer the key
  // tool first. Either way the value may be a private key, so every offer hands it over in
  // memory, never in the URL (see `shape`), and nothing reaches the node until the person acts.
  // a link from an explorer opens the tool for what it names, with that value (never the URL)
  { tool: 'transaction', field: 'hash', what: 'a transaction (explorer link)', score: 99, test: (t) => !!onExplorer(t, ['tx'], txHash), value: (t) => onExplorer(t, ['tx'], txHash)! },
  { tool: 'account', field: 'address', what: 'an address (explorer link)', score: 99, test: (t) => !!onExplorer(t, ['address', 'token'], address20), value: (t) => onExplorer(t, ['address', 'token'], address20)! },
  { tool: 'block', field: 'block', what: 'a block (explorer link)', score: 99, test: (t) => !!onExplorer(t, ['block'], blockNumber), value: (t) => onExplorer(t, ['block'], blockNumber)! },
  { tool: 'address-from-key', field: 'privateKey', what: '32 bytes (a private key?)', score: 99, test: (t) => /^[0-9a-fA-F]{64}$/.test(t) },
  { tool: 'address-from-key', field: 'privateKey', what: '32 bytes (a private key?)', score: 30, test: (t) => hexBytes(t) === 32 },
  // 65 bytes from 0x04: an uncompressed public key, or a signature whose r starts with 0x04 (1 in
  // 256). A signature ends with its v, 27 or 28: that ending puts the signature first (1 key in
  // 128 ends so too, and keeps its offer second).
  { tool: 'address-from-key', field: 'publicKey', what: 'an uncompressed public key', score: 97, test: (t) => hexBytes(t) === 65 && /^0x04/i.test(t) && !signatureV(t) },
  { tool: 'address-from-key', field: 'publicKey', what: 'an uncompressed public key (if it is not a signature)', score: 60, test: (t) => hexBytes(t) === 65 && /^0x04/i.test(t) && signatureV(t) },
  { tool: 'address-from-key', field: 'publicKey', what: 'a compressed public key', score: 90, test: (t) => hexBytes(t) === 33 && /^0x0[23]/i.test(t) },
  { tool: 'error-decode', field: 'data', what: 'revert data', score: 96, test: revertData },
  { tool: 'calldata-decode', field: 'data', what: 'call data', score: 90, test: (t) => { const n = hexBytes(t); return n >= 4 && (n - 4) % 32 === 0 && !revertData(t) } },
  // 4 bytes alone are a selector to look up (which function or error), then call data with no arguments (#35)
  { tool: 'signature-from-selector', field: 'keys', what: 'a selector (its signature)', score: 93, test: (t) => hexBytes(t) === 4 },
  { tool: 'calldata-decode', field: 'data', what: 'a selector', score: 70, test: (t) => hexBytes(t) === 4 },
  { tool: 'disassemble', field: 'code', what: 'bytecode', score: 94, test: compiledCode, extra: { source: 'code' } },
  { tool: 'bytecode-selectors', field: 'code', what: 'runtime bytecode (its functions)', score: 80, test: compiledCode, extra: { source: 'code' } },
  // a raw transaction is an RLP list (legacy) or a type byte 1–4 before one: a 65-byte signature whose first byte is 0xc0–0xff is not (#35)
  { tool: 'tx-decode', field: 'raw', what: 'a raw transaction', score: 95, test: (t) => hexBytes(t) > 40 && (rlpList(t) || (/^0x0[1-4]/i.test(t) && rlpList(`0x${t.slice(4)}`))) },
  { tool: 'rlp', field: 'input', what: 'RLP', score: 40, test: (t) => rlpList(t) },
  { tool: 'signature-inspect', field: 'signature', what: 'a 65-byte signature', score: 95, test: (t) => hexBytes(t) === 65 && (!/^0x04/i.test(t) || signatureV(t)) },
  { tool: 'signature-inspect', field: 'signature', what: '65 bytes (if it is a signature)', score: 50, test: (t) => hexBytes(t) === 65 && /^0x04/i.test(t) && !signatureV(t) },
  { tool: 'signature-inspect', field: 'signature', what: 'a 64-byte compact signature', score: 60, test: (t) => hexBytes(t) === 64 },
  { tool: 'transaction', field: 'hash', what: 'a transaction hash', score: 99, test: (t) => hexBytes(t) === 32 },
  // the same meaning, to step through: the debugger opens with it filled, and Debug sends it (#35: two actions from a pasted hash)
  { tool: 'debug', field: 'hash', what: 'a transaction hash, to step through', score: 98.5, test: (t) => hexBytes(t) === 32, extra: { mode: 'hash' } },
  { tool: 'block', field: 'block', what: 'a block hash', score: 98, test: (t) => hexBytes(t) === 32 },
  { tool: 'block', field: 'block', what: 'a block number', score: 40, test: (t) => /^\d{1,12}$/.test(t) },
  { tool: 'signature-from-selector', field: 'keys', what: 'an event topic (its signature)', score: 97, test: (t) => hexBytes(t) === 32 },
  { tool: 'event-decode', field: 'topics', what: 'an event topic', score: 96, test: (t) => hexBytes(t) === 32 },
  { tool: 'transaction', field: 'hash', what: 'a transaction hash (with 0x)', score: 45, test: (t) => /^[0-9a-fA-F]{64}$/.test(t), value: (t) => `0x${t}` },
  { tool: 'bignum', field: 'expr', what: 'a number', score: 50, test: (t) => /^(-?(0x[0-9a-f_]+|0b[01_]+|0o[0-7_]+|\d[\d_]*(e\d+)?))$/i.test(t) || /^[\d\s()+\-*/%^&|~<>x.a-f_]+$/i.test(t) && /\d/.test(t) && /[+\-*/%^&|<>]/.test(t) },
  { tool: 'units', field: 'amount', what: 'an amount', score: 45, test: (t) => /^[+-]?(\d[\d_,]*)?(\.\d+)?(e[+-]?\d+)?$/i.test(t) && /\d/.test(t) },
  {
    tool: 'units', field: 'amount', what: 'an amount with its unit', score: 92,
    test: (t) => UNIT_AMOUNT.test(t) && /\d/.test(t),
    value: (t) => UNIT_AMOUNT.exec(t)![1]!,
    extra: (t) => { const u = UNIT_AMOUNT.exec(t)![2]!.toLowerCase(); return { unit: u === 'eth' ? 'ether' : u } },
  },
  { tool: 'hash', field: 'input', what: 'bytes to hash', score: 10, test: (t) => /^0x([0-9a-fA-F]{2})+$/.test(t) },
  { tool: 'hd-derive', field: 'phrase', what: 'an extended private key', score: 95, test: (t) => SecretShape.classify(t) === 'extended-private-key' },
  { tool: 'hd-derive', field: 'xpub', what: 'an extended public key', score: 95, test: (t) => SecretShape.classify(t) === 'extended-public-key' },
  { tool: 'selector', field: 'signature', what: 'a function, event or error signature', score: 90, test: (t) => /^(function |event |error )?[A-Za-z_$][\w$]*\s*\(.*\)/.test(t) && !t.includes('\n') },
  { tool: 'namehash', field: 'name', what: 'an ENS name', score: 85, test: (t) => /^[^\s/:]+\.(eth|xyz|box|test|reverse)$/i.test(t) },
  { tool: 'ens-resolve', field: 'query', what: 'an ENS name', score: 55, test: (t) => /^[^\s/:]+\.(eth|xyz|box)$/i.test(t) },
  { tool: 'abi', field: 'abi', what: 'an ABI', score: 90, test: (t) => isJson(t, /"type"\s*:\s*"(function|event|error|constructor)"|"abi"\s*:/) },
  { tool: 'sign-typed-data', field: 'typedData', what: 'EIP-712 typed data', score: 80, test: (t) => isJson(t, /"primaryType"/) && /"types"/.test(t) },
  { tool: 'keystore-decrypt', field: 'keystore', what: 'an encrypted keystore', score: 95, test: (t) => isJson(t, /"(crypto|Crypto)"\s*:|"encseed"/) },
  { tool: 'mnemonic', field: 'phrase', what: 'a mnemonic phrase', score: 95, test: (t) => [12, 15, 18, 21, 24].includes(words(t)) && !/[0-9{}[\]()"]/.test(t) },
  { tool: 'siwe', field: 'message', what: 'a Sign-In with Ethereum message', score: 95, test: (t) => /wants you to sign in with your Ethereum account/.test(t) },
]

function safeTest(r: Rule, t: string): boolean {
  try {
    return r.test(t)
  } catch {
    return false
  }
}

/** The tools that can take `text`, best first; one suggestion per tool. */
export function detect(text: string): Suggestion[] {
  const t = text.trim()
  if (!t) return []
  const shape = SecretShape.classify(t)
  const seen = new Set<string>()
  const out: Suggestion[] = []
  for (const r of [...RULES].sort((a, b) => b.score - a.score)) {
    if (seen.has(r.tool)) continue
    const entry = findTool(r.tool)
    if (!entry || !entry.meta.fields.some((f) => f.name === r.field)) continue
    if (!safeTest(r, t)) continue
    seen.add(r.tool)
    const extra = typeof r.extra === 'function' ? r.extra(t) : r.extra
    out.push({ tool: r.tool, field: r.field, what: r.what, score: r.score, ...(extra ? { extra } : {}), ...(r.value ? { value: r.value(t) } : {}), ...(shape ? { shape } : {}) })
  }
  return out
}

/** True when the field that a suggestion fills is secret (its value must not go in a URL). */
export function isSecretTarget(s: Suggestion): boolean {
  return !!findTool(s.tool)?.meta.fields.find((f) => f.name === s.field)?.secret
}

/** True when the value must be handed over in memory: a secret field, or a value that may be secret or reveals a wallet. */
export function inMemoryOnly(s: Suggestion): boolean {
  return isSecretTarget(s) || s.shape !== undefined
}
