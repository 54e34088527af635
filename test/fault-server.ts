/**
 * A small local JSON-RPC server that misbehaves on purpose, for fault tests.
 *
 * The path chooses the behaviour (http://127.0.0.1:PORT/<mode>):
 * - `/ok`             a well-behaved fake node (chain 31337)
 * - `/hang`           accepts the request and never answers
 * - `/500`            HTTP 500
 * - `/429`            HTTP 429 every time (with Retry-After: 0)
 * - `/429-then-ok`    HTTP 429 twice, then answers like `/ok` (counter per server)
 * - `/invalid-json`   a 200 with an HTML page
 * - `/wrong-id`       a JSON-RPC response with another id
 * - `/wrong-chain`    like `/ok`, but on chain 1
 * - `/out-of-range`   numbers beyond 256 bits, or beyond a safe integer for block numbers
 * - `/bad-hex`        quantities that are not hex
 * - `/node-error`     a JSON-RPC error object
 * - `/slow-send`      eth_sendRawTransaction hangs (to test that sends are never retried)
 * - `/rate-send`      eth_sendRawTransaction answers 429 (to test that sends are never retried)
 * - `/big/<bytes>/<len|chunked>/<fast|slow>` (bigAnswer, #41): like `/ok`, but `eth_getProof`
 *                     and any batch are answered with a valid JSON-RPC answer of exactly `<bytes>`
 *                     bytes (its result one long string of hex digits), declared in a Content-Length (`len`)
 *                     or chunked without one; `fast` writes it as fast as the socket takes it,
 *                     `slow` in 256 KiB pieces every 40 ms (~6.5 MB/s). `/big/<bytes>/<len|chunked>/<pace>/cut`
 *                     closes the connection at half the body. {@link bigAnswer} builds the same body.
 * - `/send-500`       eth_sendRawTransaction answers HTTP 502 (the node may or may not have it)
 *
 * Every request is recorded (`requests`), so tests can check nothing was sent twice.
 */
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http'

export interface FaultServer {
  url: string
  /** Every request received: mode and JSON-RPC method. */
  requests: { mode: string; method: string }[]
  reset(): void
  close(): Promise<void>
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((res) => {
    let s = ''
    req.on('data', (c) => (s += c))
    req.on('end', () => res(s))
  })
}

/**
 * A JSON-RPC answer to `id` of exactly `bytes` bytes (ASCII), its result `0x` and `a`s (a batch
 * of one such answer when `batch`). At least ~60 bytes.
 */
export function bigAnswer(id: unknown, bytes: number, batch = false): Buffer {
  const head = `${batch ? '[' : ''}{"jsonrpc":"2.0","id":${JSON.stringify(id ?? null)},"result":"0x`
  const tail = `"}${batch ? ']' : ''}`
  const fill = bytes - head.length - tail.length
  if (fill < 0) throw new Error(`bigAnswer: ${bytes} bytes is too small`)
  return Buffer.concat([Buffer.from(head), Buffer.alloc(fill, 'a'), Buffer.from(tail)])
}

/** Writes `body` to `res` as `/big` says: with or without a length, at once or slowly, whole or cut at half. */
function streamBig(res: ServerResponse, body: Buffer, opts: { len: boolean; slow: boolean; cut: boolean }): void {
  res.writeHead(200, { 'content-type': 'application/json', ...(opts.len ? { 'content-length': String(body.length) } : {}) })
  const end = opts.cut ? Math.floor(body.length / 2) : body.length
  const piece = opts.slow ? 256 * 1024 : 1024 * 1024
  let at = 0
  let closed = false
  res.on('close', () => (closed = true))
  const more = () => {
    while (!closed && at < end) {
      const next = Math.min(end, at + piece)
      const ok = res.write(body.subarray(at, next))
      at = next
      if (opts.slow) return void setTimeout(more, 40)
      if (!ok) return void res.once('drain', more)
    }
    if (closed) return
    // cut: the bytes written reach the peer first, then the connection is dropped mid-answer
    if (opts.cut) res.write('', () => setTimeout(() => res.socket?.destroy(), 100))
    else res.end()
  }
  more()
}

function okResult(method: string, chainId: string): unknown {
  switch (method) {
    case 'eth_chainId':
      return chainId
    case 'eth_blockNumber':
      return '0x10'
    case 'web3_clientVersion':
      return 'fault-server/1.0'
    case 'eth_gasPrice':
      return '0x3b9aca00'
    case 'eth_getBalance':
      return '0xde0b6b3a7640000'
    case 'eth_getTransactionCount':
      return '0x0'
    case 'eth_getCode':
      return '0x'
    case 'eth_feeHistory':
      return { oldestBlock: '0xc', baseFeePerGas: ['0x1', '0x1', '0x1', '0x1', '0x1'], gasUsedRatio: [0, 0, 0, 0], reward: [['0x1', '0x2', '0x3'], ['0x1', '0x2', '0x3'], ['0x1', '0x2', '0x3'], ['0x1', '0x2', '0x3']] }
    case 'eth_getBlockByNumber':
      return null
    case 'eth_sendRawTransaction':
      return '0x' + '00'.repeat(32)
    default:
      return null
  }
}

export async function startFaultServer(): Promise<FaultServer> {
  const requests: FaultServer['requests'] = []
  const counters = new Map<string, number>()
  const hanging = new Set<ServerResponse>()

  const server: Server = createServer(async (req, res) => {
    const mode = (req.url ?? '/').slice(1).split('?')[0]?.split('/')[0] ?? ''
    // a page may use this node too (e2e/node-answers): CORS allowed, preflights answered and not recorded
    res.setHeader('access-control-allow-origin', '*')
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'POST, GET, OPTIONS', 'access-control-allow-headers': 'content-type, accept', 'access-control-max-age': '600' })
      return res.end()
    }
    const text = await body(req)
    let msg: { id?: unknown; method?: string } = {}
    let batch = false
    try {
      msg = JSON.parse(text)
      if (Array.isArray(msg)) {
        batch = true
        msg = (msg[0] ?? {}) as typeof msg
      }
    } catch {
      /* keep empty */
    }
    const method = msg.method ?? ''
    requests.push({ mode, method })
    const n = (counters.get(mode) ?? 0) + 1
    counters.set(mode, n)
    const json = (obj: unknown, status = 200, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(JSON.stringify(obj))
    }
    const reply = (result: unknown) => json({ jsonrpc: '2.0', id: msg.id, result })
    const hang = () => hanging.add(res)

    switch (mode) {
      case 'ok':
        return reply(okResult(method, '0x7a69'))
      case 'hang':
        return hang()
      case '500':
        res.writeHead(500, { 'content-type': 'text/plain' })
        return res.end('internal error')
      case '429':
        return json({ error: 'too many requests' }, 429, { 'retry-after': '0' })
      case '429-then-ok':
        if (n <= 2) return json({ error: 'too many requests' }, 429)
        return reply(okResult(method, '0x7a69'))
      case 'invalid-json':
        res.writeHead(200, { 'content-type': 'text/html' })
        return res.end('<html><body>Welcome to nginx!</body></html>')
      case 'wrong-id':
        return json({ jsonrpc: '2.0', id: 987654321, result: '0x1' })
      case 'wrong-chain':
        return reply(okResult(method, '0x1'))
      case 'out-of-range':
        if (method === 'eth_getBalance') return reply('0x1' + '0'.repeat(64))
        if (method === 'eth_blockNumber' || method === 'eth_chainId') return reply('0x' + 'f'.repeat(20))
        return reply(okResult(method, '0x7a69'))
      case 'bad-hex':
        if (method === 'eth_getBalance') return reply('12345')
        if (method === 'eth_chainId') return reply('0xzz')
        if (method === 'eth_getCode') return reply('0x123')
        return reply(okResult(method, '0x7a69'))
      case 'node-error':
        return json({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'the method does not exist/is not available' } })
      case 'slow-send':
        if (method === 'eth_sendRawTransaction') return hang()
        return reply(okResult(method, '0x7a69'))
      case 'send-500':
        if (method === 'eth_sendRawTransaction') {
          res.writeHead(502, { 'content-type': 'text/plain' })
          return res.end('bad gateway')
        }
        return reply(okResult(method, '0x7a69'))
      case 'rate-send':
        if (method === 'eth_sendRawTransaction') return json({ error: 'too many requests' }, 429, { 'retry-after': '0' })
        return reply(okResult(method, '0x7a69'))
      case 'big': {
        const [, size, len, pace, cut] = (req.url ?? '').split('?')[0]!.split('/').slice(1)
        if (method === 'eth_getProof' || batch) return streamBig(res, bigAnswer(msg.id, Number(size), batch), { len: len === 'len', slow: pace === 'slow', cut: cut === 'cut' })
        return reply(okResult(method, '0x7a69'))
      }
      default:
        res.writeHead(404)
        return res.end()
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const addr = server.address()
  const port = typeof addr === 'object' && addr ? addr.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reset() {
      requests.length = 0
      counters.clear()
    },
    close: () =>
      new Promise((r) => {
        for (const h of hanging) h.destroy()
        server.closeAllConnections?.()
        server.close(() => r())
      }),
  }
}

/**
 * How a {@link startProxy} misbehaves; change it at any time (the next request sees it).
 * - `pass`: forwards every request to the real node
 * - `slow`: forwards after `delayMs`
 * - `drop`: destroys every connection without an answer (a node that died)
 * - `lying`: forwards, but lies as `lies` says
 */
export interface ProxyBehaviour {
  mode: 'pass' | 'slow' | 'drop' | 'lying'
  delayMs?: number
  lies?: {
    /** eth_chainId answers these in turn (the last one repeats). */
    chainIds?: string[]
    /** eth_gasPrice, eth_maxPriorityFeePerGas and eth_feeHistory's fees answer this (hex wei). */
    gasPrice?: string
    /** eth_sendRawTransaction is forwarded, but answered with this hash. */
    sendHash?: string
    /** eth_sendRawTransaction is forwarded (or not), and never answered. */
    sendHangs?: 'forwarded' | 'swallowed'
    /**
     * eth_getLogs over more than `max` blocks is refused as big providers do: `infura` answers
     * -32005 "query returned more than 10000 results" with `data: { from, to }` naming a range
     * of `max` blocks; `alchemy` answers -32602 "Log response size exceeded … [0x…, 0x…]";
     * `plain` answers -32005 "block range too large" with no suggestion.
     */
    logRange?: { max: number; style: 'infura' | 'alchemy' | 'plain'; /** The methods refused so (default eth_getLogs; trace_filter takes the same fromBlock/toBlock). */ methods?: string[] }
    /** These methods are answered as geth answers a namespace it lacks (-32601 "the method … does not exist/is not available"). */
    missing?: string[]
    /** These methods are answered with Infura's rate-limit error (-32005 "daily request count exceeded, request rate limited"). */
    rateLimited?: string[]
  }
}

export interface Proxy {
  url: string
  behaviour: ProxyBehaviour
  /** JSON-RPC methods received, in order (a batch is recorded method by method). */
  methods: string[]
  /** Each HTTP request: its methods, when it arrived and when it was answered (ms, performance.now). */
  log: { methods: string[]; arrived: number; answered?: number }[]
  close(): Promise<void>
}

/**
 * Round trips among the requests that arrived in [from, to): a request's generation is one more
 * than the highest generation of those answered before it arrived (requests sent together are
 * one round trip; a request that waited for an answer is the next one).
 */
export function roundTrips(log: Proxy['log'], from: number, to: number = Infinity): number {
  const inWindow = log.filter((r) => r.arrived >= from && r.arrived < to)
  const gen = new Map<(typeof inWindow)[number], number>()
  for (const r of [...inWindow].sort((a, b) => a.arrived - b.arrived)) {
    let g = 1
    for (const [q, n] of gen) if (q.answered !== undefined && q.answered <= r.arrived) g = Math.max(g, n + 1)
    gen.set(r, g)
  }
  return Math.max(0, ...gen.values())
}

/** A local HTTP proxy in front of a real node (anvil) that can be slow, drop connections or lie. */
export async function startProxy(target: string, behaviour: ProxyBehaviour = { mode: 'pass' }): Promise<Proxy> {
  const methods: string[] = []
  const log: Proxy['log'] = []
  const hanging = new Set<ServerResponse>()
  let chainCalls = 0
  const proxy: Proxy = { url: '', behaviour, methods, log, close: async () => {} }
  const forward = async (text: string): Promise<string> => {
    const r = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
    return r.text()
  }
  // a page on another origin may call it (CORS, as nodes allow): preflights are answered, never forwarded
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, GET, OPTIONS' }
  const server: Server = createServer(async (req, res) => {
    if (req.method === 'OPTIONS') {
      if (proxy.behaviour.mode === 'drop') return req.socket.destroy()
      res.writeHead(204, cors)
      return res.end()
    }
    const text = await body(req)
    const b = proxy.behaviour
    let msg: { id?: unknown; method?: string; params?: unknown[] } = {}
    try {
      msg = JSON.parse(text)
    } catch {
      /* forwarded as is */
    }
    const entry: Proxy['log'][number] = { methods: [], arrived: performance.now() }
    log.push(entry)
    for (const m of Array.isArray(msg) ? msg : [msg]) entry.methods.push((m as { method?: string }).method ?? '')
    methods.push(...entry.methods)
    if (b.mode === 'drop') return req.socket.destroy()
    if (b.mode === 'slow') await new Promise((r) => setTimeout(r, b.delayMs ?? 1000))
    const send = (t: string) => {
      entry.answered = performance.now()
      res.writeHead(200, { 'content-type': 'application/json', ...cors })
      res.end(t)
    }
    const reply = (result: unknown) => send(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }))
    const lies = b.mode === 'lying' ? (b.lies ?? {}) : {}
    if (!Array.isArray(msg)) {
      if (lies.chainIds && msg.method === 'eth_chainId') return reply(lies.chainIds[Math.min(chainCalls++, lies.chainIds.length - 1)])
      if (lies.gasPrice && (msg.method === 'eth_gasPrice' || msg.method === 'eth_maxPriorityFeePerGas')) return reply(lies.gasPrice)
      if (lies.gasPrice && msg.method === 'eth_feeHistory') {
        const h = JSON.parse(await forward(text)) as { result: { baseFeePerGas: string[]; reward?: string[][] } }
        h.result.baseFeePerGas = h.result.baseFeePerGas.map(() => lies.gasPrice!)
        h.result.reward = h.result.reward?.map((r) => r.map(() => lies.gasPrice!))
        return send(JSON.stringify(h))
      }
      if (lies.rateLimited?.includes(msg.method ?? ''))
        return send(JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32005, message: 'daily request count exceeded, request rate limited' } }))
      if (lies.missing?.includes(msg.method ?? ''))
        return send(JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `the method ${msg.method} does not exist/is not available` } }))
      if (lies.logRange && (lies.logRange.methods ?? ['eth_getLogs']).includes(msg.method ?? '')) {
        const f = (msg.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string }
        const from = Number(f.fromBlock)
        const to = Number(f.toBlock)
        const { max, style } = lies.logRange
        if (Number.isSafeInteger(from) && Number.isSafeInteger(to) && to - from + 1 > max) {
          const hex = (n: number) => `0x${n.toString(16)}`
          const error =
            style === 'infura'
              ? { code: -32005, message: 'query returned more than 10000 results', data: { from: hex(from), limit: 10000, to: hex(from + max - 1) } }
              : style === 'alchemy'
                ? { code: -32602, message: `Log response size exceeded. You can make eth_getLogs requests with up to a ${max} block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters and the response size limit, this block range should work: [${hex(from)}, ${hex(from + max - 1)}]` }
                : { code: -32005, message: 'block range too large' }
          return send(JSON.stringify({ jsonrpc: '2.0', id: msg.id, error }))
        }
      }
      if (msg.method === 'eth_sendRawTransaction') {
        if (lies.sendHangs === 'swallowed') return void hanging.add(res)
        if (lies.sendHangs === 'forwarded') {
          await forward(text)
          return void hanging.add(res)
        }
        if (lies.sendHash) {
          await forward(text)
          return reply(lies.sendHash)
        }
      }
    }
    try {
      send(await forward(text))
    } catch {
      entry.answered = performance.now()
      res.writeHead(502, cors)
      res.end()
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const addr = server.address()
  proxy.url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
  proxy.close = () =>
    new Promise((r) => {
      for (const h of hanging) h.destroy()
      server.closeAllConnections?.()
      server.close(() => r())
    })
  return proxy
}
