/**
 * VerifiedSource without a node: the request (Sourcify's OpenAPI path `/v2/contract/{chainId}/{address}`),
 * the bounded fetch over stand-in responses (streamed sizes, a stalled body, cancellation, HTTP
 * statuses), the strict parser over answers built from real solc output (test/chain/sourcifyServer.ts)
 * and over fast-check mutations of them (seeded by src/test-setup.ts, which prints the seed), and
 * the check over the compiled code with one byte changed. Against anvil and the local Sourcify
 * server: test/chain/verified-source.test.ts.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as ConnectPolicy from '../chain/ConnectPolicy'
import * as VerifiedSource from './VerifiedSource'
import { expectDomainErrorOrValue } from '../../../test/support'
import { answerOf, compileFixtures, PROXY_PATH, type Deployed } from '../../../test/chain/sourcifyServer'

const ADDR = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const token: Deployed = { address: ADDR, path: 'src/Token.sol', name: 'Token' }
const build = compileFixtures()
const answer = (d: Deployed = token, level: 'exact_match' | 'match' = 'exact_match') => answerOf(build, d, 31337, '0x', level)
const json = (v: unknown) => JSON.stringify(v)
const codeOf = (a: VerifiedSource.Answer) => Uint8Array.from(Buffer.from(a.runtime.code.replace(/_/g, '0'), 'hex'))

/** A Response stand-in whose body yields `chunks`, counting how many were pulled. */
function streamed(chunks: Uint8Array[], init: { status?: number; length?: string } = {}) {
  const pulled = { n: 0 }
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (pulled.n >= chunks.length) return c.close()
      c.enqueue(chunks[pulled.n++]!)
    },
  }, { highWaterMark: 0 })
  const res = { status: init.status ?? 200, headers: new Headers(init.length ? { 'content-length': init.length } : {}), body }
  return { res, pulled }
}

describe('VerifiedSource.url', () => {
  it('is Sourcify’s GET /v2/contract/{chainId}/{address} with the fields, and carries nothing else', () => {
    expect(VerifiedSource.url('', 1, ADDR)).toBe(`https://sourcify.dev/server/v2/contract/1/${ADDR.toLowerCase()}?fields=${VerifiedSource.FIELDS.join(',')}`)
    expect(VerifiedSource.url('https://verify.example.org/api/', 10n, ADDR)).toMatch(/^https:\/\/verify\.example\.org\/api\/v2\/contract\/10\/0x5fbdb2315678afecb367f032d93f642f64180aa3\?fields=compilation,sources,/)
    expect(VerifiedSource.FIELDS).toEqual(expect.arrayContaining(['sources', 'abi', 'storageLayout', 'runtimeBytecode.sourceMap', 'runtimeBytecode.immutableReferences', 'runtimeBytecode.cborAuxdata']))
  })

  it('refuses a host with credentials, a query or another scheme, and a bad address or chain, at their fields', () => {
    expect(() => VerifiedSource.url('https://u:p@h.example', 1, ADDR)).toThrow(VerifiedSource.InvalidHostError)
    expect(() => VerifiedSource.url('https://u:p@h.example', 1, ADDR)).toThrow(/user name or password/)
    expect(() => VerifiedSource.url('https://h.example/?key=1', 1, ADDR)).toThrow(/query or fragment/)
    expect(() => VerifiedSource.url('ftp://h.example', 1, ADDR)).toThrow(VerifiedSource.InvalidHostError)
    expect(() => VerifiedSource.url('not a url', 1, ADDR)).toThrow(VerifiedSource.InvalidHostError)
    try {
      VerifiedSource.url('', 1, '0x12')
    } catch (e) {
      expect(e).toBeInstanceOf(VerifiedSource.InvalidAddressError)
      expect((e as VerifiedSource.InvalidAddressError).field).toBe('address')
    }
    expect(() => VerifiedSource.url('', 0, ADDR)).toThrow(VerifiedSource.InvalidChainError)
    expect(() => VerifiedSource.url('', '1; drop', ADDR)).toThrow(VerifiedSource.InvalidChainError)
  })
})

describe('VerifiedSource.fetchAnswer', () => {
  const text = json(answer())
  const bytes = new TextEncoder().encode(text)

  it('reads a streamed answer whole, asking with accept: application/json and a signal', async () => {
    const seen: { url: string; init: unknown }[] = []
    const chunks = [bytes.subarray(0, 1000), bytes.subarray(1000)]
    const got = await VerifiedSource.fetchAnswer(async (u, init) => (seen.push({ url: u, init }), streamed(chunks).res), '', 31337, ADDR)
    expect(got).toBe(text)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.url).toBe(VerifiedSource.url('', 31337, ADDR))
    expect(seen[0]!.init).toMatchObject({ headers: { accept: 'application/json' } })
  })

  it('stops reading once the streamed size passes the bound, without reading the rest', async () => {
    const chunk = new Uint8Array(1024)
    const { res, pulled } = streamed(Array.from({ length: 1000 }, () => chunk))
    await expect(VerifiedSource.fetchAnswer(async () => res, '', 1, ADDR, { maxBytes: 10 * 1024 })).rejects.toThrow(VerifiedSource.TooLargeError)
    expect(pulled.n).toBeLessThan(20)
    // an announced length past the bound is refused before the body is read
    const announced = streamed([chunk], { length: String(VerifiedSource.MAX_BYTES + 1) })
    await expect(VerifiedSource.fetchAnswer(async () => announced.res, '', 1, ADDR)).rejects.toThrow(/larger than 8 MiB/)
    expect(announced.pulled.n).toBe(0)
  })

  it('a body that stalls, one that trickles past the deadline and a fetch that never answers are TimeoutErrors naming the host', async () => {
    const stalled = { status: 200, body: new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new Uint8Array([0x7b])) }) }
    await expect(VerifiedSource.fetchAnswer(async () => stalled, 'https://h.example', 1, ADDR, { timeoutMs: 50 })).rejects.toThrow(/https:\/\/h\.example went silent for 0\.1 s without finishing its answer/)
    // a body that keeps trickling: the whole answer's deadline ends it
    let timer: ReturnType<typeof setInterval> | undefined
    const trickle = { status: 200, body: new ReadableStream<Uint8Array>({ start: (c) => void (timer = setInterval(() => c.enqueue(new Uint8Array([0x20])), 5)), cancel: () => clearInterval(timer) }) }
    await expect(VerifiedSource.fetchAnswer(async () => trickle, 'https://h.example', 1, ADDR, { timeoutMs: 1_000, deadlineMs: 80 })).rejects.toThrow(/did not finish answering within 0\.1 s/)
    clearInterval(timer)
    const aborted: unknown[] = []
    const never: VerifiedSource.FetchLike = (_u, init) => new Promise(() => aborted.push(init.signal))
    await expect(VerifiedSource.fetchAnswer(never, '', 1, ADDR, { timeoutMs: 30 })).rejects.toThrow(VerifiedSource.TimeoutError)
    expect((aborted[0] as AbortSignal).aborted).toBe(true)
  })

  it('cancels by AbortSignal and by a polled { aborted } flag', async () => {
    const ctrl = new AbortController()
    const never: VerifiedSource.FetchLike = () => new Promise(() => {})
    const p = VerifiedSource.fetchAnswer(never, '', 1, ADDR, { signal: ctrl.signal, timeoutMs: 10_000 })
    ctrl.abort()
    await expect(p).rejects.toThrow(VerifiedSource.CancelledError)
    const flag = { aborted: false }
    const q = VerifiedSource.fetchAnswer(never, '', 1, ADDR, { signal: flag, timeoutMs: 10_000 })
    flag.aborted = true
    await expect(q).rejects.toThrow(VerifiedSource.CancelledError)
    await expect(VerifiedSource.fetchAnswer(never, '', 1, ADDR, { signal: { aborted: true } })).rejects.toThrow(VerifiedSource.CancelledError)
  })

  it('404 is "not verified on this host"; other statuses, a refused connection and bytes that are not UTF-8 are said as such', async () => {
    const status = (s: number) => async () => streamed([], { status: s }).res
    await expect(VerifiedSource.fetchAnswer(status(404), 'https://h.example', 1, ADDR)).rejects.toThrow(`${ADDR} on chain 1 is not verified on this host (https://h.example).`)
    await expect(VerifiedSource.fetchAnswer(status(500), '', 1, ADDR)).rejects.toThrow(/answered HTTP 500/)
    await expect(VerifiedSource.fetchAnswer(status(429), '', 1, ADDR)).rejects.toThrow(/too many requests/)
    await expect(VerifiedSource.fetchAnswer(() => Promise.reject(new TypeError('Failed to fetch')), '', 1, ADDR)).rejects.toThrow(VerifiedSource.UnreachableError)
    await expect(VerifiedSource.fetchAnswer(async () => streamed([new Uint8Array([0xff, 0xfe])]).res, '', 1, ADDR)).rejects.toThrow(/not UTF-8/)
    await expect(VerifiedSource.fetchAnswer(async () => ({ status: 200 }), '', 1, ADDR)).rejects.toThrow(VerifiedSource.UnreadableError)
  })

  it('a host the page refuses to contact (its connect policy) is said as that refusal, not as a host that could not be reached', async () => {
    const refused = () => Promise.reject(new ConnectPolicy.NotAllowedError('https://h.example'))
    const e = await VerifiedSource.fetchAnswer(refused, 'https://h.example', 1, ADDR).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(ConnectPolicy.NotAllowedError)
    expect(e).not.toBeInstanceOf(VerifiedSource.UnreachableError)
    expect((e as Error).message).toMatch(/https:\/\/h\.example is not one of them/)
  })
})

describe('VerifiedSource.parse', () => {
  it('reads a Sourcify answer built from solc output into plain data', () => {
    const a = VerifiedSource.parse(json(answer()), { chainId: 31337, address: ADDR })
    const out = build.contracts['src/Token.sol']!.Token!
    expect(a).toMatchObject({ name: 'Token', path: 'src/Token.sol', fullyQualifiedName: 'src/Token.sol:Token', language: 'Solidity', compiler: 'solc', compilerVersion: build.version, optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', match: 'exact_match' })
    expect(a.runtime.code).toBe(out.evm.deployedBytecode.object)
    expect(a.runtime.sourceMap).toBe(out.evm.deployedBytecode.sourceMap)
    expect(a.runtime.immutables.map((r) => r.id).sort()).toEqual(Object.keys(out.evm.deployedBytecode.immutableReferences!).map(Number).sort())
    expect(a.sources.find((s) => s.path === 'src/Token.sol')).toMatchObject({ id: build.ids['src/Token.sol'] })
    expect(a.sources.some((s) => s.path === '@openzeppelin/contracts/token/ERC20/ERC20.sol')).toBe(true)
    expect(a.abi.filter((x) => x.type === 'function').map((x) => x.name)).toContain('transfer')
    expect(a.storageLayout!.storage.map((s) => s.label)).toEqual(['_balances', '_allowances', '_totalSupply', '_name', '_symbol'])
    expect(structuredClone(a)).toEqual(a)
  })

  it('refuses an answer about another contract, one not verified, and one cut short', () => {
    expect(() => VerifiedSource.parse(json(answer()), { chainId: 1, address: ADDR })).toThrow(VerifiedSource.WrongContractError)
    expect(() => VerifiedSource.parse(json({ ...answer(), match: null, runtimeMatch: null }))).toThrow(VerifiedSource.NotVerifiedError)
    expect(() => VerifiedSource.parse(json(answer()).slice(0, 500))).toThrow(VerifiedSource.NotJsonError)
    expect(() => VerifiedSource.parse(json({ ...answer(), runtimeBytecode: { recompiledBytecode: '0x6001', immutableReferences: { '5': [{ start: 1, length: 32 }] } } }))).toThrow('The host’s answer is malformed: runtimeBytecode.immutableReferences["5"] holds a range outside the code.')
    expect(() => VerifiedSource.parse(json({ ...answer(), abi: [{ type: 'function', name: 'f', inputs: 'x' }] }))).toThrow(/abi\[0\]\.inputs is not a list/)
  })

  it('any value anywhere in a real answer, and random text, give an answer or a VerifiedSource error, nothing else', () => {
    const base = answer({ address: ADDR, path: 'src/Counter.sol', name: 'Counter' })
    const paths: (string | number)[][] = []
    const collect = (v: unknown, at: (string | number)[]) => {
      paths.push(at)
      if (at.length > 6 || !v || typeof v !== 'object') return
      if (Array.isArray(v)) v.slice(0, 3).forEach((x, i) => collect(x, [...at, i]))
      else for (const [k, x] of Object.entries(v)) if (k !== 'content') collect(x, [...at, k])
    }
    collect(base, [])
    const ok = (t: string) => expectDomainErrorOrValue(() => VerifiedSource.parse(t, { chainId: 31337, address: ADDR }), /^VerifiedSource\./)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: paths.length - 1 }), fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined)), (pi, value) => {
        const copy = structuredClone(base) as Record<string | number, unknown>
        const at = paths[pi]!
        if (at.length === 0) return void ok(json(value) ?? '')
        let o = copy
        for (const k of at.slice(0, -1)) o = o[k] as Record<string | number, unknown>
        o[at.at(-1)!] = value
        ok(json(copy))
      }),
      { numRuns: 600 },
    )
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constantFrom('{"__proto__":{"match":"match"}}', 'null', '[]', '"x"')), (t) => void ok(t)),
      { numRuns: 600 },
    )
    // cut anywhere
    const text = json(base)
    fc.assert(fc.property(fc.integer({ min: 0, max: text.length }), (n) => void ok(text.slice(0, n))), { numRuns: 200 })
  })
})

describe('VerifiedSource.check over the compiled code (the chain-backed cases: test/chain/verified-source.test.ts)', () => {
  it('the compiled code itself is a full match; one byte changed is refused, naming it; the metadata changed is partial', () => {
    const a = VerifiedSource.parse(json(answer()))
    const code = codeOf(a)
    expect(VerifiedSource.check(a, code)).toMatchObject({ kind: 'full' })
    const bent = code.slice()
    bent[40] = bent[40]! ^ 0x01
    const c = VerifiedSource.check(a, bent)
    expect(c).toMatchObject({ kind: 'mismatch', at: 40 })
    expect(c.reason).toMatch(/differs from the chain’s at byte 40 \(0x28\)/)
    expect(() => VerifiedSource.verify(a, bent)).toThrow(VerifiedSource.MismatchError)
    const meta = code.slice()
    meta[code.length - 10] = meta[code.length - 10]! ^ 0x01
    expect(VerifiedSource.check(a, meta)).toMatchObject({ kind: 'partial' })
    expect(VerifiedSource.check(a, new Uint8Array())).toMatchObject({ kind: 'mismatch', at: -1 })
    expect(VerifiedSource.check(a, code.subarray(0, 100))).toMatchObject({ kind: 'mismatch' })
  })

  it('toBundle gives the debugger the contract, its source ids and texts', () => {
    const a = VerifiedSource.parse(json(answer({ address: ADDR, path: PROXY_PATH, name: 'ERC1967Proxy' })))
    const b = VerifiedSource.toBundle(a)
    expect(b.contracts[0]).toMatchObject({ name: 'ERC1967Proxy', path: PROXY_PATH, kind: 'solc' })
    expect(b.contracts[0]!.ids.get(build.ids[PROXY_PATH]!)).toBe(PROXY_PATH)
    expect(b.sources.get(PROXY_PATH)?.content).toBe(build.sources[PROXY_PATH])
  })
})
