// The WebAssembly search loops (compiled here from src/wasm/vanity with AssemblyScript, as the
// build does) checked against the audited libraries and the independent oracles.
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ethers } from 'ethers'
import { Bytes, Hash } from 'ox'
import { createServer } from 'node:http'
import { beforeAll, describe, expect, it } from 'vitest'
import { compileKernel } from '../../../scripts/vanity-wasm'
import { castAsync, testSeed } from '../../../test/support'
import * as Create2Salt from './Create2Salt'
import * as Key from '../keys/Key'
import * as Vanity from './Vanity'
import * as VanityMiner from './VanityMiner'

let create2Module: WebAssembly.Module
let vanityModule: WebAssembly.Module
const create2 = () => new WebAssembly.Instance(create2Module, {}).exports as unknown as VanityMiner.Create2Exports
const vanity = () => new WebAssembly.Instance(vanityModule, {}).exports as unknown as VanityMiner.KeyExports
const G = secp256k1.Point.BASE

beforeAll(async () => {
  create2Module = await WebAssembly.compile((await compileKernel('create2')) as BufferSource)
  vanityModule = await WebAssembly.compile((await compileKernel('vanity')) as BufferSource)
  console.log(`random inputs from seed ${testSeed}`)
}, 120_000)

describe('the wasm keccak', () => {
  it('equals ox keccak256 for random inputs of every single-block length (0..135)', () => {
    const w = create2()
    const io = w.IO.value
    for (let len = 0; len < 136; len++)
      for (let r = 0; r < 4; r++) {
        const input = crypto.getRandomValues(new Uint8Array(len))
        new Uint8Array(w.memory.buffer).set(input, io)
        w.keccak(len)
        expect(Bytes.toHex(new Uint8Array(w.memory.buffer, io + 160, 32).slice())).toBe(Hash.keccak256(input, { as: 'Hex' }))
      }
  })
})

describe('the wasm point stepping', () => {
  it('after 3 batches the point is (k + 3B)·G by noble, from random start keys', () => {
    const w = vanity()
    const m = VanityMiner.keyMiner(w, Vanity.parse({ mode: 'prefix', prefix: 'deadbeef' }), 'address', { batch: 256 })
    for (let i = 0; i < 5; i++) {
      m.restart()
      const k = m.current()
      m.step(3)
      const want = G.multiply((k + 3n * 256n) % Key.CURVE_ORDER).toAffine()
      expect(VanityMiner.readLimbs(w, w.PX.value)).toBe(want.x)
      expect(VanityMiner.readLimbs(w, w.PY.value)).toBe(want.y)
      expect(m.current()).toBe((k + 768n) % Key.CURVE_ORDER)
    }
  })
  it('finds exactly the keys ethers v5 finds in an exhaustive window of 512 keys (EOA and first contract)', () => {
    for (const target of ['address', 'create'] as const) {
      const w = vanity()
      const pattern = Vanity.parse({ mode: 'prefix', prefix: 'a' })
      const m = VanityMiner.keyMiner(w, pattern, target, { batch: 256 })
      const k = m.current()
      const got = [...m.step(1).hits, ...m.step(1).hits].map((h) => h.privateKey).sort()
      const want: string[] = []
      for (let i = 1n; i <= 512n; i++) {
        const key = ethers.utils.hexZeroPad(ethers.utils.hexlify((k + i) % Key.CURVE_ORDER), 32)
        const address = ethers.utils.computeAddress(key)
        const matched = target === 'create' ? ethers.utils.getContractAddress({ from: address, nonce: 0 }) : address
        if (matched.toLowerCase().startsWith('0xa')) want.push(key)
      }
      expect(got).toEqual(want.sort())
      expect(want.length).toBeGreaterThan(10)
    }
  })
})

describe('found keys', () => {
  it('are verified against ethers v5 and `cast wallet address`, for each pattern kind', async () => {
    const cases: [Vanity.Input, Vanity.Target][] = [
      [{ mode: 'prefix', prefix: 'bee' }, 'address'],
      [{ mode: 'suffix', suffix: 'f00' }, 'address'],
      [{ mode: 'both', prefix: '1', suffix: '23' }, 'create'],
      [{ mode: 'contains', contains: 'c0de' }, 'address'],
      [{ mode: 'prefix', prefix: 'aB', matchCase: true }, 'address'],
      [{ mode: 'zeros', zeroBytes: 1 }, 'create'],
    ]
    for (const [input, target] of cases) {
      const pattern = Vanity.parse(input)
      const m = VanityMiner.keyMiner(vanity(), pattern, target)
      let hits: VanityMiner.KeyHit[] = []
      let rejected = 0
      for (let i = 0; i < 200 && hits.length === 0; i++) {
        const s = m.step(4)
        hits = s.hits
        rejected += s.rejected
      }
      expect(rejected).toBe(0)
      expect(hits.length, JSON.stringify(input)).toBeGreaterThan(0)
      const h = hits[0]!
      expect(await castAsync(['wallet', 'address', '--private-key', h.privateKey])).toBe(h.address)
      expect(ethers.utils.computeAddress(h.privateKey)).toBe(h.address)
      const matched = target === 'create' ? ethers.utils.getContractAddress({ from: h.address, nonce: 0 }) : h.address
      expect(h.matched).toBe(matched)
      const body = (input.matchCase ? matched : matched.toLowerCase()).slice(2)
      if (input.prefix) expect(body.startsWith(input.prefix)).toBe(true)
      if (input.suffix) expect(body.endsWith(input.suffix)).toBe(true)
      if (input.contains) expect(body.includes(input.contains)).toBe(true)
      if (input.mode === 'zeros') expect(body.startsWith('00')).toBe(true)
    }
  })
})

describe('start keys', () => {
  it('1,000 start keys are distinct, full-width (none below 2^200) and spread over the top byte', () => {
    const m = VanityMiner.keyMiner(vanity(), Vanity.parse({ mode: 'prefix', prefix: 'ff' }), 'address', { batch: 16 })
    const keys = new Set<bigint>()
    const top = new Set<number>()
    let sum = 0
    for (let i = 0; i < 1000; i++) {
      m.restart()
      const k = m.current()
      keys.add(k)
      expect(k > 2n ** 200n && k < Key.CURVE_ORDER).toBe(true)
      const t = Number(k >> 248n)
      top.add(t)
      sum += t
    }
    expect(keys.size).toBe(1000)
    // 1,000 uniform draws over 256 values hit about 251 of them; the mean top byte is 127.5 ± 2.3 (σ).
    expect(top.size).toBeGreaterThan(230)
    expect(Math.abs(sum / 1000 - 127.5)).toBeLessThan(12)
    // Two miners (two workers) start apart.
    const other = VanityMiner.keyMiner(vanity(), Vanity.parse({ mode: 'prefix', prefix: 'ff' }), 'address', { batch: 16 })
    expect(keys.has(other.current())).toBe(false)
  })
})

describe('found salts', () => {
  it('are verified against `cast create2 --salt` and ethers v5 for each factory', async () => {
    const INIT = '0x600a600c600039600a6000f3602a60005260206000f3'
    const caller = ethers.utils.computeAddress(ethers.utils.randomBytes(32))
    const setups: Create2Salt.SetupInput[] = [
      { convention: 'proxy', initCode: INIT },
      { convention: 'immutable', caller, initCode: INIT },
      { convention: 'createx', caller, crossChain: true, chainId: 1n, initCode: INIT },
      { convention: 'createx', initCode: INIT },
      { convention: 'custom', deployer: caller, initCodeHash: ethers.utils.keccak256(INIT) },
    ]
    for (const input of setups) {
      const s = Create2Salt.setup(input)
      const pattern = Vanity.parse({ mode: 'prefix', prefix: 'c2' })
      const m = VanityMiner.saltMiner(create2(), s, pattern)
      const step = m.step(20_000)
      expect(step.rejected).toBe(0)
      expect(step.hits.length).toBeGreaterThan(0)
      for (const h of step.hits.slice(0, 2)) {
        const salt = h.guardedSalt ?? h.salt
        expect(await castAsync(['create2', '--deployer', s.factory, '--salt', salt, '--init-code-hash', s.initCodeHash])).toBe(h.address)
        expect(ethers.utils.getCreate2Address(s.factory, salt, s.initCodeHash)).toBe(h.address)
        expect(h.address.toLowerCase().startsWith('0xc2')).toBe(true)
        if (s.convention === 'immutable' || (s.convention === 'createx' && s.caller)) expect(h.salt.slice(0, 42)).toBe(caller.toLowerCase())
      }
      // Every candidate the loop passed over is a miss by ethers too (no hit lost): re-check a window.
      const m2 = VanityMiner.saltMiner(create2(), s, pattern)
      const got = new Set(m2.step(2000).hits.map((h) => h.salt))
      for (let c = 0n; c < 2000n; c++) {
        const salt = Create2Salt.saltAt(m2.template, c)
        const r = Create2Salt.check(s, salt)
        expect(got.has(salt)).toBe(r.address.toLowerCase().startsWith('0xc2'))
      }
    }
  })
  it('templates from different workers differ (fresh random bytes)', () => {
    const s = Create2Salt.setup({ convention: 'proxy', initCodeHash: `0x${'ab'.repeat(32)}` })
    const seen = new Set<string>()
    for (let i = 0; i < 1000; i++) seen.add(Bytes.toHex(Create2Salt.template(s).salt))
    expect(seen.size).toBe(1000)
  })
})

describe('memory', () => {
  it('stays flat: the loops never grow their memory', () => {
    const w = vanity()
    const before = w.memory.buffer.byteLength
    const m = VanityMiner.keyMiner(w, Vanity.parse({ mode: 'zeros', zeroBytes: 20 }), 'address')
    for (let i = 0; i < 20; i++) m.step(2)
    expect(w.memory.buffer.byteLength).toBe(before)
    const c = create2()
    const c0 = c.memory.buffer.byteLength
    VanityMiner.saltMiner(c, Create2Salt.setup({ convention: 'proxy', initCodeHash: `0x${'ab'.repeat(32)}` }), Vanity.parse({ mode: 'zeros', zeroBytes: 20 })).step(100_000)
    expect(c.memory.buffer.byteLength).toBe(c0)
  })
})

describe('readLoop', () => {
  it('reads the compiled loop over HTTP and as a data: URL; refuses an error answer and an oversized body, naming the loop', async () => {
    const binary = Buffer.from(await compileKernel('create2'))
    const server = createServer((req, res) => {
      if (req.url === '/create2.wasm') return void res.writeHead(200, { 'content-type': 'application/wasm' }).end(binary)
      if (req.url === '/huge.wasm') {
        // no length, and more than the cap: must be stopped while it streams
        res.writeHead(200, { 'content-type': 'application/wasm' })
        const chunk = Buffer.alloc(64 * 1024)
        let sent = 0
        const more = () => {
          while (sent < 4 * VanityMiner.MAX_LOOP_BYTES) {
            sent += chunk.length
            if (!res.write(chunk)) return void res.once('drain', more)
          }
          res.end()
        }
        res.on('close', () => (sent = Infinity))
        return more()
      }
      res.writeHead(404, 'Not Found').end('<html>not here</html>')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const a = server.address()
    const base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`
    try {
      const read = await VanityMiner.readLoop(fetch, `${base}/create2.wasm`, 'create2')
      expect(Buffer.from(read).equals(binary)).toBe(true)
      const w = new WebAssembly.Instance(await WebAssembly.compile(read as Uint8Array<ArrayBuffer>), {}).exports as unknown as VanityMiner.Create2Exports
      expect(typeof w.mine).toBe('function')
      const viaData = await VanityMiner.readLoop(fetch, `data:application/wasm;base64,${binary.toString('base64')}`, 'create2')
      expect(Buffer.from(viaData).equals(binary)).toBe(true)
      await expect(VanityMiner.readLoop(fetch, `${base}/missing.wasm`, 'vanity')).rejects.toThrow(/search loop \(vanity\) could not be loaded: the server answered 404 Not Found/)
      const err = await VanityMiner.readLoop(fetch, `${base}/huge.wasm`, 'vanity').catch((e: unknown) => e)
      expect((err as Error).name).toBe('ReadBody.TooLargeError')
      expect((err as Error).message).toMatch(/search loop \(vanity\) is too large: reading stopped after .*\nReload the page/)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    }
  })
})
