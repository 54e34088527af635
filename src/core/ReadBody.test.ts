/**
 * ReadBody over streams built with ReadableStream (sizes known by construction) and over real
 * answers from a local node:http server read with Node's fetch (undici decodes the gzip, so a
 * gzip answer's decoded length differs from its declared one; a socket destroyed mid-body is a
 * real cut-off). The expected text is the input itself, or Node's Buffer decoding of it.
 */
import { createServer, type Server } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as ReadBody from './ReadBody'

const enc = new TextEncoder()

/** A response stand-in whose body yields `chunks`; `pulled` counts the chunks read, `cancelled` whether the reader was cancelled. */
function streamed(chunks: Uint8Array[], init: { length?: number; failAfter?: number } = {}) {
  const state = { pulled: 0, cancelled: false }
  const body = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        if (init.failAfter !== undefined && state.pulled >= init.failAfter) return c.error(new TypeError('network error'))
        if (state.pulled >= chunks.length) return c.close()
        c.enqueue(chunks[state.pulled++]!)
      },
      cancel() {
        state.cancelled = true
      },
    },
    { highWaterMark: 0 },
  )
  const res = { headers: new Headers(init.length !== undefined ? { 'content-length': String(init.length) } : {}), body }
  return { res, state }
}

const piece = (n: number, ch = 'a') => enc.encode(ch.repeat(n))

describe('ReadBody.text over streams', () => {
  it('reads a body in pieces, with or without a declared length, joining multi-byte characters split across pieces', async () => {
    const s = '{"result":"héllo ✓ 𝄞"}'
    const bytes = enc.encode(s)
    // split every byte apart: the decoder must carry partial characters across pieces
    const one = Array.from(bytes, (b) => Uint8Array.of(b))
    expect(await ReadBody.text(streamed(one).res, { maxBytes: 1000 })).toBe(s)
    expect(await ReadBody.text(streamed(one, { length: bytes.length }).res, { maxBytes: bytes.length })).toBe(s)
    expect(Buffer.from(bytes).toString('utf8')).toBe(s)
  })

  it('refuses a declared length over the cap before reading anything', async () => {
    const { res, state } = streamed([piece(10)], { length: 2_000_000 })
    const err = await ReadBody.text(res, { maxBytes: 1_000_000, from: 'http://n.example' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ReadBody.TooLargeError)
    expect((err as ReadBody.TooLargeError).bytes).toBe(2_000_000)
    expect((err as Error).message).toMatch(/http:\/\/n\.example is too large: it declares 1\.9 MiB \(2,000,000 bytes\); at most 977 KiB \(1,000,000 bytes\)/)
    expect(state.pulled).toBe(0)
    expect(state.cancelled).toBe(true) // the connection is let go, not left holding the rest
  })

  it('without a declared length, stops at the cap mid-stream and cancels the reader', async () => {
    const chunks = Array.from({ length: 100 }, () => piece(64 * 1024))
    const { res, state } = streamed(chunks)
    const err = await ReadBody.text(res, { maxBytes: 1_000_000 }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ReadBody.TooLargeError)
    // 16 pieces of 64 KiB = 1,048,576 > 1,000,000: the 16th piece crosses the cap
    expect((err as ReadBody.TooLargeError).bytes).toBe(16 * 65536)
    expect((err as Error).message).toMatch(/reading stopped after 1 MiB \(1,048,576 bytes\); at most 977 KiB \(1,000,000 bytes\)/)
    expect(state.pulled).toBe(16)
    expect(state.cancelled).toBe(true)
  })

  it('a declared length under the cap does not stop the count: a body that runs past it is still capped', async () => {
    const { res } = streamed(Array.from({ length: 20 }, () => piece(1000)), { length: 100 })
    await expect(ReadBody.text(res, { maxBytes: 5_000 })).rejects.toThrow(ReadBody.TooLargeError)
  })

  it('a body longer or shorter than declared that ends normally is read (gzip declares its compressed length)', async () => {
    expect(await ReadBody.text(streamed([piece(500), piece(500)], { length: 37 }).res, { maxBytes: 10_000 })).toBe('a'.repeat(1000))
    expect(await ReadBody.text(streamed([piece(10)], { length: 9_000 }).res, { maxBytes: 10_000 })).toBe('a'.repeat(10))
  })

  it('a stream that fails mid-body is a CutOffError naming the bytes read, with or without a declared length', async () => {
    const cut = streamed([piece(1000), piece(1000), piece(1000)], { length: 3000, failAfter: 2 })
    const err = await ReadBody.text(cut.res, { maxBytes: 10_000, from: 'http://n.example (eth_getProof)' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ReadBody.CutOffError)
    expect((err as Error).message).toMatch(/^The answer from http:\/\/n\.example \(eth_getProof\) was cut off after 2 KiB \(2,000 bytes\) \(it declared 3 KiB \(3,000 bytes\)\)\./)
    expect((err as ReadBody.CutOffError).bytes).toBe(2000)
    await expect(ReadBody.text(streamed([piece(1000)], { failAfter: 1 }).res, { maxBytes: 10_000 })).rejects.toThrow(/cut off after 1,000 bytes\./)
  })

  it('bytes that are not UTF-8 are NotTextError, at the piece or at the end (a truncated character)', async () => {
    expect(() => Buffer.from([0xff, 0xfe]).toString('utf8')).not.toThrow() // Buffer replaces; the fatal decoder is the oracle below
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.of(0x7b, 0xff))).toThrow()
    await expect(ReadBody.text(streamed([enc.encode('{"a":'), Uint8Array.of(0xff, 0xfe)]).res, { maxBytes: 100 })).rejects.toThrow(ReadBody.NotTextError)
    await expect(ReadBody.text(streamed([enc.encode('ok'), Uint8Array.of(0xe2, 0x9c)]).res, { maxBytes: 100 })).rejects.toThrow(/not UTF-8 text/)
  })

  it('takes bytes from another realm (ArrayBuffer.isView, not instanceof), and refuses pieces that are not bytes', async () => {
    const { runInNewContext } = await import('node:vm')
    const foreign = runInNewContext('new Uint8Array([111, 107])') as Uint8Array
    expect(foreign instanceof Uint8Array).toBe(false)
    expect(await ReadBody.text(streamed([foreign]).res, { maxBytes: 10 })).toBe('ok')
    const strings = new ReadableStream({ start: (c) => (c.enqueue('text'), c.close()) })
    await expect(ReadBody.text({ body: strings }, { maxBytes: 10 })).rejects.toThrow(/its body is not bytes/)
  })

  it('yields to the event loop while a large body arrives in pieces already buffered', async () => {
    const chunks = Array.from({ length: 64 }, () => piece(64 * 1024))
    let ticks = 0
    let running = true
    const tick = () => {
      if (!running) return
      ticks++
      setTimeout(tick, 0)
    }
    setTimeout(tick, 0)
    const t = await ReadBody.text(streamed(chunks).res, { maxBytes: 8 * 2 ** 20 })
    running = false
    expect(t.length).toBe(64 * 65536)
    // 4 MiB in 256 KiB steps: 16 yields, so timers ran while it was read
    expect(ticks).toBeGreaterThan(0)
  })

  it('a stand-in without a stream is read with text() and measured in UTF-8 bytes', async () => {
    expect(await ReadBody.text({ text: async () => 'é'.repeat(5) }, { maxBytes: 10 })).toBe('é'.repeat(5))
    await expect(ReadBody.text({ text: async () => 'é'.repeat(6) }, { maxBytes: 10 })).rejects.toThrow(/reading stopped after 12 bytes/)
    await expect(ReadBody.text({ text: () => Promise.reject(new TypeError('terminated')) }, { maxBytes: 10 })).rejects.toThrow(ReadBody.CutOffError)
  })
})

describe('ReadBody.bytes', () => {
  it('joins the pieces into the bytes sent, bytes that are not UTF-8 included', async () => {
    const sent = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7919) & 0xff)
    const chunks = [sent.subarray(0, 1), sent.subarray(1, 1500), sent.subarray(1500)]
    const got = await ReadBody.bytes(streamed(chunks, { length: sent.length }).res, { maxBytes: sent.length })
    expect(Buffer.from(got).equals(Buffer.from(sent))).toBe(true)
  })

  it('is capped as text is: a declared length before reading, a count while it streams, a cut-off as such', async () => {
    const declared = streamed([piece(10)], { length: 5000 })
    await expect(ReadBody.bytes(declared.res, { maxBytes: 4096, from: 'vanity.wasm' })).rejects.toThrow(/vanity\.wasm is too large: it declares 5 KiB \(5,000 bytes\); at most 4 KiB \(4,096 bytes\)/)
    expect(declared.state.pulled).toBe(0)
    const endless = streamed(Array.from({ length: 100 }, () => piece(1024)))
    const err = await ReadBody.bytes(endless.res, { maxBytes: 4096 }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ReadBody.TooLargeError)
    expect((err as ReadBody.TooLargeError).bytes).toBe(5 * 1024)
    expect(endless.state.cancelled).toBe(true)
    const cut = await ReadBody.bytes(streamed([piece(100), piece(100)], { failAfter: 1 }).res, { maxBytes: 4096 }).catch((e: unknown) => e)
    expect(cut).toBeInstanceOf(ReadBody.CutOffError)
    expect((cut as ReadBody.CutOffError).bytes).toBe(100)
  })

  it('a stand-in without a stream is read with arrayBuffer() and measured', async () => {
    expect([...(await ReadBody.bytes({ arrayBuffer: async () => Uint8Array.of(1, 2, 3).buffer }, { maxBytes: 3 }))]).toEqual([1, 2, 3])
    await expect(ReadBody.bytes({ arrayBuffer: async () => new ArrayBuffer(4) }, { maxBytes: 3 })).rejects.toThrow(ReadBody.TooLargeError)
    await expect(ReadBody.bytes({}, { maxBytes: 3 })).rejects.toThrow(ReadBody.CutOffError)
  })
})

describe('ReadBody.text over real HTTP answers (node:http, Node fetch)', () => {
  let server: Server
  let base = ''
  const json = JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x' + 'ab'.repeat(50_000) })
  const gz = gzipSync(json)
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/gzip') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(gz.length) })
        return res.end(gz)
      }
      if (req.url === '/cut') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(json.length) })
        res.write(json.slice(0, 40_000))
        setTimeout(() => res.socket?.destroy(), 20)
        return
      }
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/json' })
        let sent = 0
        const more = () => {
          while (sent < 50 * 2 ** 20) {
            sent += 65536
            if (!res.write('a'.repeat(65536))) return void res.once('drain', more)
          }
          res.end()
        }
        res.on('close', () => (sent = Infinity))
        return more()
      }
      res.writeHead(404).end()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const a = server.address()
    base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  it('a gzip answer decoding to more bytes than its declared length is read whole', async () => {
    expect(gz.length).toBeLessThan(json.length)
    const res = await fetch(`${base}/gzip`)
    expect(Number(res.headers.get('content-length'))).toBe(gz.length)
    expect(await ReadBody.text(res, { maxBytes: 1_000_000 })).toBe(json)
  })

  it('a connection closed mid-body is a cut-off after the bytes that arrived', async () => {
    const res = await fetch(`${base}/cut`)
    const err = await ReadBody.text(res, { maxBytes: 1_000_000 }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ReadBody.CutOffError)
    expect((err as ReadBody.CutOffError).bytes).toBe(40_000)
  })

  it('an endless-looking answer without a length is stopped at the cap, not read to its end', async () => {
    const res = await fetch(`${base}/big`)
    const err = await ReadBody.text(res, { maxBytes: 2 * 2 ** 20 }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ReadBody.TooLargeError)
    expect((err as ReadBody.TooLargeError).bytes).toBeGreaterThan(2 * 2 ** 20)
    expect((err as ReadBody.TooLargeError).bytes).toBeLessThan(3 * 2 ** 20)
  })
})
