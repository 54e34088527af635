/**
 * The JSON-RPC console's helpers: common methods with parameter templates, batches (one
 * JSON array in one HTTP request to the chosen node), and a request written as `curl` and as
 * `cast rpc`, with API keys in the URL masked.
 *
 * @example
 * ```ts
 * const reqs = RpcConsole.parseBatch('[{"method":"eth_chainId"},{"method":"eth_blockNumber"}]')
 * const r = await RpcConsole.batch(rpc, 'http://127.0.0.1:8545', reqs)
 * RpcConsole.castCommand('https://eth.example/v2/KEY', 'eth_chainId', []) // cast rpc … --rpc-url 'https://eth.example/v2/<key>'
 * ```
 */
import * as JsonText from '../format/JsonText'
import { errorType } from '../Errors'
import * as Net from './Net'
import * as Rpc from './Rpc'

export interface Template {
  method: string
  params: string
  note: string
}

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const H = '0x' + '00'.repeat(32)

/** Common methods with a parameter template each (anvil's test account 0 as the example address). */
export const METHODS: readonly Template[] = [
  { method: 'eth_chainId', params: '[]', note: 'chain id' },
  { method: 'eth_blockNumber', params: '[]', note: 'latest block number' },
  { method: 'eth_getBalance', params: `["${A}", "latest"]`, note: 'balance in wei' },
  { method: 'eth_getTransactionCount', params: `["${A}", "pending"]`, note: 'nonce' },
  { method: 'eth_getCode', params: `["${A}", "latest"]`, note: 'contract code' },
  { method: 'eth_getStorageAt', params: `["${A}", "0x0", "latest"]`, note: 'one storage word' },
  { method: 'eth_call', params: `[{"to": "${A}", "data": "0x"}, "latest"]`, note: 'a read-only call' },
  { method: 'eth_estimateGas', params: `[{"from": "${A}", "to": "${A}", "value": "0x1"}]`, note: 'gas estimate' },
  { method: 'eth_gasPrice', params: '[]', note: 'legacy gas price' },
  { method: 'eth_maxPriorityFeePerGas', params: '[]', note: 'suggested tip' },
  { method: 'eth_feeHistory', params: '["0x4", "latest", [10, 50, 90]]', note: 'base fees and tips of recent blocks' },
  { method: 'eth_getBlockByNumber', params: '["latest", false]', note: 'a block' },
  { method: 'eth_getBlockByHash', params: `["${H}", false]`, note: 'a block by hash' },
  { method: 'eth_getTransactionByHash', params: `["${H}"]`, note: 'a transaction' },
  { method: 'eth_getTransactionReceipt', params: `["${H}"]`, note: 'a receipt' },
  { method: 'eth_getLogs', params: `[{"fromBlock": "0x0", "toBlock": "latest", "address": "${A}"}]`, note: 'event logs' },
  { method: 'eth_getProof', params: `["${A}", [], "latest"]`, note: 'account proof (EIP-1186)' },
  { method: 'eth_syncing', params: '[]', note: 'sync status' },
  { method: 'net_version', params: '[]', note: 'network id' },
  { method: 'web3_clientVersion', params: '[]', note: 'node software' },
  { method: 'debug_traceTransaction', params: `["${H}", {"tracer": "callTracer"}]`, note: 'call trace (debug namespace)' },
  { method: 'anvil_mine', params: '["0x1"]', note: 'anvil: mine blocks' },
  { method: 'evm_setAutomine', params: '[false]', note: 'anvil/hardhat: automine on or off' },
]

export interface Request {
  method: string
  params: unknown[]
}

const METHOD_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/

/** Most requests in one batch (nodes commonly cap batches at 100 to 1000). */
export const MAX_BATCH = 100

/**
 * Parses a batch typed as JSON: an array of requests, each `{"method": …, "params": […]}`
 * (jsonrpc and id may be given; they are replaced) or `["method", [params]]`.
 */
export function parseBatch(text: string): Request[] {
  let j: unknown
  try {
    j = JSON.parse(text.trim())
  } catch (e) {
    throw new BatchError(`The batch is not valid JSON: ${JsonText.problem(text.trim(), e)}.`)
  }
  if (!Array.isArray(j)) throw new BatchError('A batch is a JSON array of requests.')
  if (j.length === 0) throw new BatchError('The batch is empty.')
  if (j.length > MAX_BATCH) throw new BatchError(`The batch has ${j.length} requests; at most ${MAX_BATCH} are sent at once.`)
  return j.map((r, i) => {
    const [method, params] = Array.isArray(r) ? [r[0], r[1]] : r && typeof r === 'object' ? [(r as { method?: unknown }).method, (r as { params?: unknown }).params] : [undefined, undefined]
    if (typeof method !== 'string' || !METHOD_RE.test(method)) throw new BatchError(`Request ${i + 1} has no valid "method" (letters, digits and _).`)
    if (params !== undefined && !Array.isArray(params)) throw new BatchError(`Request ${i + 1} (${method}): "params" must be a JSON array.`)
    return { method, params: (params ?? []) as unknown[] }
  })
}

export interface Answer {
  method: string
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

export interface BatchResult {
  /** True when sent as one JSON array in one HTTP request; false when sent one by one (a browser wallet, a WebSocket). */
  asBatch: boolean
  answers: Answer[]
}

const g = globalThis as unknown as { setTimeout(cb: () => void, ms: number): unknown; clearTimeout(id: unknown): void }

/**
 * Sends a batch. Over HTTP(S): one POST with the JSON array; answers matched to requests by
 * id (a node may answer in any order). Otherwise each request goes through the provider,
 * all at once, and `asBatch` says so.
 */
export async function batch(rpc: Rpc.Eip1193Like | undefined, url: string | undefined, requests: readonly Request[], options: { fetch?: Rpc.FetchLike; timeoutMs?: number } = {}): Promise<BatchResult> {
  const fetchFn = options.fetch ?? (Net.fetchFn() as Rpc.FetchLike | undefined)
  if (!url || !/^https?:/i.test(url) || !fetchFn) {
    if (!rpc) throw new Rpc.NotConnectedError()
    const answers = await Promise.all(
      requests.map(async (r): Promise<Answer> => {
        try {
          return { method: r.method, result: await Rpc.request(rpc, r.method, r.params) }
        } catch (e) {
          if (e instanceof Rpc.NodeError) return { method: r.method, error: { code: e.code, message: e.shortMessage, data: e.data } }
          throw e
        }
      }),
    )
    return { asBatch: false, answers }
  }
  const body = JSON.stringify(requests.map((r, i) => ({ jsonrpc: '2.0', id: i + 1, method: r.method, params: r.params })))
  const where = { url, method: 'batch' }
  const timeoutMs = options.timeoutMs ?? 15_000
  let timer: unknown
  const timeout = new Promise<never>((_, rej) => {
    timer = g.setTimeout(() => rej(new Rpc.TimeoutError(where, timeoutMs)), timeoutMs)
  })
  let text: string
  try {
    const res = await Promise.race([fetchFn(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body }).catch((e: unknown) => {
      throw new Rpc.ConnectionError(where, e)
    }), timeout])
    if (res.status < 200 || res.status >= 300) throw new Rpc.HttpError(where, res.status, res.statusText)
    text = await Promise.race([Rpc.readAnswer(res, where, Rpc.MAX_BYTES), timeout])
  } finally {
    g.clearTimeout(timer)
  }
  let j: unknown
  try {
    j = JSON.parse(text)
  } catch {
    throw new Rpc.InvalidResponseError(where, 'the answer is not JSON')
  }
  if (!Array.isArray(j)) {
    const err = j && typeof j === 'object' ? (j as { error?: { code?: unknown; message?: unknown } }).error : undefined
    if (err) throw new Rpc.NodeError(where, typeof err.code === 'number' ? err.code : 0, typeof err.message === 'string' ? err.message : 'the node refused the batch')
    throw new Rpc.InvalidResponseError(where, 'a batch must be answered with a JSON array')
  }
  const byId = new Map<number, Record<string, unknown>>()
  for (const a of j) if (a && typeof a === 'object' && typeof (a as { id?: unknown }).id === 'number') byId.set((a as { id: number }).id, a as Record<string, unknown>)
  const answers = requests.map((r, i): Answer => {
    const a = byId.get(i + 1)
    if (!a) return { method: r.method, error: { code: 0, message: 'no answer to this request in the batch response' } }
    if (a.error && typeof a.error === 'object') {
      const e = a.error as { code?: unknown; message?: unknown; data?: unknown }
      return { method: r.method, error: { code: typeof e.code === 'number' ? e.code : 0, message: typeof e.message === 'string' ? e.message : '', ...(e.data !== undefined ? { data: e.data } : {}) } }
    }
    return { method: r.method, result: a.result }
  })
  return { asBatch: true, answers }
}

/**
 * A node URL with its secrets masked: user:password, query values, and path segments that
 * look like API keys (16 or more letters, digits, - or _, with at least one digit).
 */
export function maskUrl(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)(?:[^@/?#]*@)?([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(url.trim())
  if (!m) return url
  const path = (m[3] ?? '').split('/').map((seg) => (seg.length >= 16 && /^[A-Za-z0-9_-]+$/.test(seg) && /\d/.test(seg) ? '<key>' : seg)).join('/')
  const query = m[4] ? `?${m[4].slice(1).split('&').map((kv) => (kv.includes('=') ? `${kv.split('=')[0]}=<key>` : kv)).join('&')}` : ''
  return `${m[1]}${m[2]}${path === '/' ? '' : path}${query}`
}

/** A string as one POSIX shell word. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
}

/** The request (or batch) as a curl command against the masked URL. */
export function curl(url: string, body: Request | readonly Request[]): string {
  const json = Array.isArray(body)
    ? JSON.stringify(body.map((r, i) => ({ jsonrpc: '2.0', id: i + 1, method: r.method, params: r.params })))
    : JSON.stringify({ jsonrpc: '2.0', id: 1, method: (body as Request).method, params: (body as Request).params })
  return `curl -s -X POST -H 'content-type: application/json' --data ${shellQuote(json)} ${shellQuote(maskUrl(url))}`
}

/** The request as `cast rpc <method> <params…> --rpc-url <masked url>` (each param as JSON; strings bare, as cast takes them). */
export function castCommand(url: string, method: string, params: readonly unknown[]): string {
  const args = params.map((p) => shellQuote(typeof p === 'string' ? p : JSON.stringify(p)))
  return ['cast', 'rpc', method, ...args, '--rpc-url', shellQuote(maskUrl(url))].join(' ')
}

export class BatchError extends errorType('RpcConsole.BatchError', ['Write the batch as a JSON array: [{"method": "eth_chainId", "params": []}, {"method": "eth_blockNumber"}].']) {}
