/**
 * Decoded views of two node namespaces the RPC console sends as raw JSON (#27, cast parity):
 * the transaction pool (`txpool_status`, `txpool_inspect`, `txpool_content`,
 * `txpool_contentFrom`: `cast tx-pool`) and Parity/OpenEthereum traces (`trace_transaction`,
 * `trace_block`, `trace_rawTransaction`, `trace_call`, `trace_replay*`: `cast trace`), and an
 * account's Merkle proof (`eth_getProof`: `cast proof`; /account checks one against the header).
 *
 * Every answer is checked for shape as it is read: a node's malformed entry becomes a row that
 * says what is wrong with it, never a crash or a silently wrong number. Sizes are bounded (at
 * most `MAX_ROWS` rows); what is cut is counted.
 *
 * @example
 * ```ts
 * NodeViews.view('txpool_status', { pending: '0x1', queued: '0x0' })
 * // [{ label: 'Pending', value: '1' }, { label: 'Queued', value: '0' }]
 * ```
 */
import * as AddressCheck from '../address/AddressCheck'
import * as Units from '../format/Units'

export interface ViewRow {
  label: string
  value: string
  tone?: 'error'
}

/** Most rows a view shows (a mainnet pool holds thousands of transactions). */
export const MAX_ROWS = 500

/** The methods a decoded view exists for. */
export const METHODS = ['eth_getProof', 'txpool_status', 'txpool_inspect', 'txpool_content', 'txpool_contentFrom', 'trace_transaction', 'trace_block', 'trace_filter', 'trace_get', 'trace_rawTransaction', 'trace_call', 'trace_replayTransaction', 'trace_replayBlockTransactions'] as const

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const HEX_QTY = /^0x[0-9a-fA-F]{1,64}$/

/** A JSON-RPC quantity (hex) or a plain number as a decimal string; null when it is neither. */
function qty(v: unknown): bigint | null {
  if (typeof v === 'string' && HEX_QTY.test(v)) return BigInt(v)
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  return null
}

/** An address as the page shows every address: checksummed (EIP-55); null when it is not one. */
const addr = (v: unknown): string | null => (typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v) ? AddressCheck.checksum(v) : null)
const bad = (label: string, why: string): ViewRow => ({ label, value: `not valid: ${why}`, tone: 'error' })

/**
 * The decoded rows for a method's result, or null when the method has no view (or the result is
 * null: a trace of a transaction the node does not know).
 */
export function view(method: string, result: unknown): ViewRow[] | null {
  if (result === null || result === undefined) return null
  if (method === 'eth_getProof') return proof(result)
  if (method === 'txpool_status') return status(result)
  if (method === 'txpool_inspect') return pool(result, inspectEntry)
  if (method === 'txpool_content' || method === 'txpool_contentFrom') return pool(result, contentEntry)
  if (method.startsWith('trace_')) return traces(result)
  return null
}

const HASH = /^0x[0-9a-fA-F]{64}$/
const nodes = (v: unknown): string => {
  if (!Array.isArray(v) || !v.every((n) => typeof n === 'string' && /^0x[0-9a-fA-F]*$/.test(n))) return 'not valid: not a list of hex trie nodes'
  const bytes = (v as string[]).reduce((sum, n) => sum + (n.length - 2) / 2, 0)
  return `${v.length} trie node${v.length === 1 ? '' : 's'}, ${bytes} bytes`
}

/** eth_getProof: the account's fields, its proof's size, and each storage slot's value and proof. */
function proof(r: unknown): ViewRow[] {
  if (!isObj(r)) return [bad('Proof', 'not an object')]
  const rows: ViewRow[] = []
  const balance = qty(r.balance)
  const nonce = qty(r.nonce)
  const address = addr(r.address)
  rows.push(address ? { label: 'Address', value: address } : bad('Address', 'not an address'))
  rows.push(balance === null ? bad('Balance', 'not a quantity') : { label: 'Balance', value: `${Units.format(balance, 'ether')} ETH (${balance} wei)` })
  rows.push(nonce === null ? bad('Nonce', 'not a quantity') : { label: 'Nonce', value: nonce.toString() })
  for (const [k, label] of [['codeHash', 'Code hash'], ['storageHash', 'Storage root']] as const) {
    const v = r[k]
    rows.push(typeof v === 'string' && HASH.test(v) ? { label, value: v } : bad(label, 'not a 32-byte hash'))
  }
  const accountProof = nodes(r.accountProof)
  rows.push(accountProof.startsWith('not valid') ? bad('Account proof', accountProof.slice(11)) : { label: 'Account proof', value: accountProof })
  const slots = Array.isArray(r.storageProof) ? r.storageProof : []
  for (const sp of slots.slice(0, MAX_ROWS)) {
    if (!isObj(sp) || typeof sp.key !== 'string' || qty(sp.value) === null) {
      rows.push(bad('Storage', 'an entry without a key and a value'))
      continue
    }
    const p = nodes(sp.proof)
    const { label, key } = slotLabel(sp.key)
    rows.push({ label, value: `${key}${String(sp.value)} (${p.startsWith('not valid') ? 'its proof is not valid' : p})`, ...(p.startsWith('not valid') ? { tone: 'error' as const } : {}) })
  }
  return rows
}

/**
 * A storage slot's row label, short enough for a label column: a small slot as people write it
 * (`Storage slot 3`), a hashed one (a mapping's, an array's) cut in the middle, its whole key
 * then leading the value (`0x…: 0x2a`).
 */
function slotLabel(key: string): { label: string; key: string } {
  const n = qty(key)
  if (n !== null && n < 2n ** 32n) return { label: `Storage slot ${n}`, key: '' }
  return key.length > 22 ? { label: `Storage slot ${key.slice(0, 10)}…${key.slice(-8)}`, key: `${key}: ` } : { label: `Storage slot ${key}`, key: '' }
}

function status(r: unknown): ViewRow[] {
  if (!isObj(r)) return [bad('Status', 'not an object with pending and queued')]
  return (['pending', 'queued'] as const).map((k) => {
    const n = qty(r[k])
    const label = k === 'pending' ? 'Pending' : 'Queued'
    return n === null ? bad(label, `${JSON.stringify(r[k])?.slice(0, 40)} is not a count`) : { label, value: n.toString() }
  })
}

/** `{ pending: { sender: { nonce: entry } }, queued: … }`, or for contentFrom `{ pending: { nonce: entry }, … }`. */
function pool(r: unknown, entry: (e: unknown) => string | null): ViewRow[] {
  if (!isObj(r)) return [bad('Pool', 'not an object with pending and queued')]
  const rows: ViewRow[] = []
  let cut = 0
  const push = (row: ViewRow) => (rows.length < MAX_ROWS ? rows.push(row) : cut++)
  for (const section of ['pending', 'queued'] as const) {
    const s = r[section]
    const title = section === 'pending' ? 'Pending' : 'Queued'
    if (!isObj(s)) {
      push(bad(title, 'not an object'))
      continue
    }
    let count = 0
    const bySender = Object.entries(s).every(([k]) => addr(k) !== null)
    const groups: [string, unknown][] = bySender ? Object.entries(s).map(([k, v]) => [addr(k)!, v]) : [['', s]]
    for (const [sender, nonces] of groups) {
      if (!isObj(nonces)) {
        push(bad(`${title} ${sender}`, 'not an object of nonces'))
        continue
      }
      const sorted = Object.entries(nonces).sort(([a], [b]) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(BigInt(a) - BigInt(b)) : a.localeCompare(b)))
      for (const [nonce, e] of sorted) {
        count++
        const label = `${title} · ${sender ? `${sender} ` : ''}nonce ${nonce}`
        if (!/^\d{1,20}$/.test(nonce)) {
          push(bad(label, 'the nonce is not a number'))
          continue
        }
        const text = entry(e)
        push(text === null ? bad(label, 'not a transaction this view can read') : { label, value: text })
      }
    }
    rows.unshift({ label: `${title} transactions`, value: String(count) })
  }
  if (cut) rows.push({ label: 'Not shown', value: `${cut} more entries (the first ${MAX_ROWS} rows are shown; the raw response holds all)` })
  return rows
}

/** inspect's own summary line ("0x…dead: 1 wei + 21000 gas × 2341956852 wei"), as the node wrote it. */
function inspectEntry(e: unknown): string | null {
  return typeof e === 'string' && e.length <= 400 ? e : null
}

/** A pooled transaction: to (or contract creation), value in ether, gas, fee, hash. */
function contentEntry(e: unknown): string | null {
  if (!isObj(e)) return null
  const value = qty(e.value)
  const gas = qty(e.gas)
  const hash = typeof e.hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(e.hash) ? e.hash : null
  if (value === null || gas === null || hash === null) return null
  const to = e.to === null || e.to === undefined ? 'contract creation' : addr(e.to)
  if (to === null) return null
  const maxFee = qty(e.maxFeePerGas)
  const price = maxFee ?? qty(e.gasPrice)
  const fee = price === null ? '' : ` × ${Units.format(price, 'gwei')} gwei${maxFee !== null ? ' max' : ''}`
  const input = typeof e.input === 'string' && e.input.length > 2 ? ` · call ${e.input.slice(0, 10)}` : ''
  return `${to}: ${Units.format(value, 'ether')} ETH + ${gas} gas${fee}${input} · ${hash}`
}

/**
 * Parity traces: one row per frame, labelled by its trace address (`0`, `0.1`, …, the top frame
 * `top`) and type; a `trace_replay*` answer's `trace` array is read the same way.
 */
function traces(r: unknown): ViewRow[] {
  const list = Array.isArray(r) ? r : isObj(r) && Array.isArray(r.trace) ? r.trace : null
  if (list === null) return [bad('Trace', 'not a list of trace frames')]
  const flat = list.flatMap((x) => (isObj(x) && Array.isArray(x.trace) && !('action' in x) ? x.trace : [x]))
  const rows = flat.slice(0, MAX_ROWS).map(frame)
  if (flat.length > MAX_ROWS) rows.push({ label: 'Not shown', value: `${flat.length - MAX_ROWS} more frames (the raw response holds all)` })
  return rows
}

/** One frame's row: "call 0xfrom → 0xto · 0 ETH · gas used 3315 of 78796 · 0x60fe47b1" (or its error). */
export function frame(f: unknown, i: number): ViewRow {
  const fallback = `frame ${i}`
  if (!isObj(f) || !isObj(f.action)) return bad(fallback, 'no action')
  const path = Array.isArray(f.traceAddress) && f.traceAddress.every((n) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) ? (f.traceAddress as number[]) : null
  if (path === null) return bad(fallback, 'the trace address is not a list of numbers')
  const type = typeof f.type === 'string' ? f.type : ''
  const a = f.action
  const where = path.length ? path.join('.') : 'top'
  const tx = typeof f.transactionPosition === 'number' && Number.isSafeInteger(f.transactionPosition) ? `tx ${f.transactionPosition} · ` : ''
  const label = `${tx}${where} ${type === 'call' && typeof a.callType === 'string' ? a.callType.toLowerCase() : type}`
  const res = isObj(f.result) ? f.result : null
  const used = res ? qty(res.gasUsed) : null
  const gas = qty(a.gas)
  const value = qty(a.value)
  const parts: string[] = []
  if (type === 'call') {
    const from = addr(a.from)
    const to = addr(a.to)
    if (!from || !to) return bad(label, 'the call has no valid from/to')
    parts.push(`${from} → ${to}`)
    if (typeof a.input === 'string' && a.input.length >= 10) parts.push(a.input.slice(0, 10))
  } else if (type === 'create') {
    const from = addr(a.from)
    if (!from) return bad(label, 'the create has no valid from')
    parts.push(`${from} creates ${(res && addr(res.address)) ?? 'a contract'}`)
  } else if (type === 'suicide' || type === 'selfdestruct') {
    parts.push(`${String(addr(a.address) ?? '?')} → ${String(addr(a.refundAddress) ?? '?')} (self-destruct)`)
  } else if (type === 'reward') {
    parts.push(`${String(addr(a.author) ?? '?')} (${typeof a.rewardType === 'string' ? a.rewardType : 'reward'})`)
  } else return bad(label, `unknown frame type ${JSON.stringify(type).slice(0, 30)}`)
  if (value !== null) parts.push(`${Units.format(value, 'ether')} ETH`)
  if (gas !== null) parts.push(used !== null ? `gas used ${used} of ${gas}` : `gas ${gas}`)
  if (typeof f.subtraces === 'number' && f.subtraces > 0) parts.push(`${f.subtraces} subcall${f.subtraces === 1 ? '' : 's'}`)
  if (typeof f.error === 'string') return { label, value: `${parts.join(' · ')} · error: ${f.error.slice(0, 200)}`, tone: 'error' }
  return { label, value: parts.join(' · ') }
}
