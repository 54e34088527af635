/**
 * What a simulated transaction does to assets and storage, read from its result:
 *
 * - ether per address (balance before, after, change), from the state diff;
 * - ERC-20, ERC-721 and ERC-1155 transfers and approvals (Transfer, TransferSingle,
 *   TransferBatch, Approval, ApprovalForAll), from the logs in execution order, with
 *   unlimited approvals flagged;
 * - token symbol and decimals, read from the chain (`tokenInfo`: one batched round trip);
 * - storage changes per contract, with EIP-1967 slots and ERC-7201 namespaces named.
 *
 * @example
 * ```ts
 * const a = AssetChanges.fromResult(result)
 * a.tokens[0] // { kind: 'transfer', standard: 'erc20', token, from, to, amount: '1000' }
 * ```
 */
import { AbiParameters, Bytes, Hex } from 'ox'
import type * as Simulation from './Simulation'
import * as SimRpc from './SimRpc'
import * as StorageSlot from '../hash/StorageSlot'
import { UNLIMITED } from '../abi/Approval'

export const TOPICS = {
  transfer: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  approval: '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
  approvalForAll: '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31',
  transferSingle: '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62',
  transferBatch: '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb',
} as const

/** An approval at or above this is shown as unlimited (one threshold with the call-data decoders). */
export { UNLIMITED } from '../abi/Approval'

export interface EtherChange {
  address: string
  before: string
  after: string
  /** after − before, in wei (decimal, signed). */
  delta: string
}

export interface TokenChange {
  kind: 'transfer' | 'approval' | 'approvalForAll'
  standard: 'erc20' | 'erc721' | 'erc1155' | 'erc721/erc1155'
  token: string
  /** Index of the log in the transaction's logs. */
  logIndex: number
  from?: string
  to?: string
  owner?: string
  spender?: string
  operator?: string
  /** Decimal amounts (ERC-20 value, ERC-1155 value per id). */
  amount?: string
  id?: string
  ids?: string[]
  amounts?: string[]
  approved?: boolean
  unlimited?: boolean
}

export interface SlotChange {
  slot: string
  before: string
  after: string
  /** EIP-1967 or ERC-7201 name when recognised. */
  name?: string
}

export interface StorageChange {
  address: string
  slots: SlotChange[]
}

export interface Changes {
  ether: EtherChange[]
  tokens: TokenChange[]
  storage: StorageChange[]
}

export interface TokenInfo {
  symbol?: string
  decimals?: number
}

const addr = (topic: string) => `0x${topic.slice(26)}`.toLowerCase()
const num = (hex: string) => BigInt(hex === '0x' ? 0 : hex).toString()

/** Asset and storage changes of a simulation result. */
export function fromResult(r: Pick<Simulation.Result, 'diff' | 'logs'>): Changes {
  const ether: EtherChange[] = []
  for (const [a, { before, after }] of Object.entries(r.diff.accounts)) {
    const b = BigInt(before?.balance ?? 0)
    const f = BigInt(after?.balance ?? 0)
    if (b !== f) ether.push({ address: a, before: b.toString(), after: f.toString(), delta: (f - b).toString() })
  }
  const tokens: TokenChange[] = []
  r.logs.forEach((l, logIndex) => {
    const t = l.topics
    const token = l.address.toLowerCase()
    try {
      const t0 = t[0]
      if (t0 === TOPICS.transfer && t.length === 3 && dataWords(l.data) === 1) tokens.push({ kind: 'transfer', standard: 'erc20', token, logIndex, from: addr(t[1]!), to: addr(t[2]!), amount: num(l.data) })
      else if (t0 === TOPICS.transfer && t.length === 4) tokens.push({ kind: 'transfer', standard: 'erc721', token, logIndex, from: addr(t[1]!), to: addr(t[2]!), id: num(t[3]!) })
      else if (t0 === TOPICS.approval && t.length === 3 && dataWords(l.data) === 1) {
        const v = BigInt(l.data)
        tokens.push({ kind: 'approval', standard: 'erc20', token, logIndex, owner: addr(t[1]!), spender: addr(t[2]!), amount: v.toString(), ...(v >= UNLIMITED ? { unlimited: true } : {}) })
      } else if (t0 === TOPICS.approval && t.length === 4) tokens.push({ kind: 'approval', standard: 'erc721', token, logIndex, owner: addr(t[1]!), spender: addr(t[2]!), id: num(t[3]!) })
      else if (t0 === TOPICS.approvalForAll && t.length === 3 && dataWords(l.data) === 1) {
        const approved = BigInt(l.data) !== 0n
        tokens.push({ kind: 'approvalForAll', standard: 'erc721/erc1155', token, logIndex, owner: addr(t[1]!), operator: addr(t[2]!), approved, ...(approved ? { unlimited: true } : {}) })
      } else if (t0 === TOPICS.transferSingle && t.length === 4 && dataWords(l.data) === 2) {
        const [id, v] = AbiParameters.decode([{ type: 'uint256' }, { type: 'uint256' }], l.data as Hex.Hex)
        tokens.push({ kind: 'transfer', standard: 'erc1155', token, logIndex, operator: addr(t[1]!), from: addr(t[2]!), to: addr(t[3]!), id: id.toString(), amount: v.toString() })
      } else if (t0 === TOPICS.transferBatch && t.length === 4) {
        const [ids, vs] = AbiParameters.decode([{ type: 'uint256[]' }, { type: 'uint256[]' }], l.data as Hex.Hex)
        tokens.push({ kind: 'transfer', standard: 'erc1155', token, logIndex, operator: addr(t[1]!), from: addr(t[2]!), to: addr(t[3]!), ids: ids.map(String), amounts: vs.map(String) })
      }
    } catch {
      /* a log that only looks like a token event: not an asset change */
    }
  })
  const storage: StorageChange[] = Object.entries(r.diff.storage).map(([address, slots]) => ({
    address,
    slots: Object.entries(slots).map(([slot, v]) => {
      const name = slotName(slot)
      return { slot, before: v.before, after: v.after, ...(name ? { name } : {}) }
    }),
  }))
  return { ether, tokens, storage }
}

function dataWords(data: string): number {
  return (data.length - 2) / 64
}

// ---- slot names ----

/** ERC-7201 namespaces recognised by name (OpenZeppelin 5's upgradeable contracts). */
export const ERC7201_NAMESPACES = [
  'openzeppelin.storage.ERC20',
  'openzeppelin.storage.ERC721',
  'openzeppelin.storage.ERC1155',
  'openzeppelin.storage.Ownable',
  'openzeppelin.storage.Ownable2Step',
  'openzeppelin.storage.AccessControl',
  'openzeppelin.storage.AccessControlDefaultAdminRules',
  'openzeppelin.storage.Pausable',
  'openzeppelin.storage.ReentrancyGuard',
  'openzeppelin.storage.Initializable',
  'openzeppelin.storage.Nonces',
  'openzeppelin.storage.EIP712',
  'openzeppelin.storage.ERC20Capped',
  'openzeppelin.storage.ERC4626',
  'openzeppelin.storage.ERC721Enumerable',
  'openzeppelin.storage.ERC721URIStorage',
  'openzeppelin.storage.ERC1155Supply',
  'openzeppelin.storage.ERC1155URIStorage',
  'openzeppelin.storage.Governor',
  'openzeppelin.storage.TimelockController',
  'openzeppelin.storage.Votes',
  'openzeppelin.storage.ERC2981',
  'openzeppelin.storage.Multicall',
] as const

let names: Map<bigint, string> | undefined
function nameTable(): Map<bigint, string> {
  if (names) return names
  names = new Map()
  for (const e of StorageSlot.eip1967()) names.set(BigInt(e.slot), `EIP-1967 ${e.name}`)
  for (const ns of ERC7201_NAMESPACES) {
    const root = BigInt(StorageSlot.erc7201(ns))
    names.set(root, `ERC-7201 ${ns}`)
    for (let k = 1n; k < 8n; k++) names.set(root + k, `ERC-7201 ${ns} + ${k}`)
  }
  return names
}

/** The EIP-1967 or ERC-7201 name of a slot, when it is one of them. */
export function slotName(slot: string): string | undefined {
  return nameTable().get(BigInt(slot))
}

// ---- token metadata ----

/** symbol() and decimals() of each token, read with eth_call at `blockTag` in one batch; unknown where a call fails. */
export async function tokenInfo(rpc: SimRpc.Client, blockTag: string, tokens: readonly string[]): Promise<Record<string, TokenInfo>> {
  const list = [...new Set(tokens.map((t) => t.toLowerCase()))]
  if (list.length === 0) return {}
  const calls = list.flatMap((t) => [
    { method: 'eth_call', params: [{ to: t, data: '0x95d89b41' }, blockTag] }, // symbol()
    { method: 'eth_call', params: [{ to: t, data: '0x313ce567' }, blockTag] }, // decimals()
  ])
  const res = await SimRpc.batchSettled<string>(rpc, calls)
  const out: Record<string, TokenInfo> = {}
  list.forEach((t, i) => {
    const info: TokenInfo = {}
    const sym = decodeSymbol(res[2 * i])
    if (sym !== undefined) info.symbol = sym
    const d = res[2 * i + 1]
    if (d && /^0x[0-9a-f]{64}$/i.test(d) && BigInt(d) <= 255n) info.decimals = Number(BigInt(d))
    out[t] = info
  })
  return out
}

function decodeSymbol(hex: string | undefined): string | undefined {
  if (!hex || hex === '0x') return undefined
  try {
    const [s] = AbiParameters.decode([{ type: 'string' }], hex as Hex.Hex)
    return clean(s)
  } catch {
    // some old tokens (MKR) return bytes32
    if (/^0x[0-9a-f]{64}$/i.test(hex)) {
      const b = Bytes.fromHex(hex as Hex.Hex)
      const end = b.indexOf(0)
      try {
        return clean(Bytes.toString(end < 0 ? b : b.slice(0, end)))
      } catch {
        return undefined
      }
    }
    return undefined
  }
}

function clean(s: string): string | undefined {
  const t = s.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 32)
  return t === '' ? undefined : t
}

/** Amounts in a token's units, for the asset table, the trace and the events (in TraceWords, which the page's views load without this module). */
export { amountArg, formatAmount } from './TraceWords'
