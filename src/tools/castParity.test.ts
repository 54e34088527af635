/**
 * cast parity (#27), for the docs/CAST.md rows served by an offline tool that had no comparison
 * with cast: each tool is run as the page runs it (registry → parse → run), on random inputs,
 * and its rows are compared with Foundry's `cast` on the same inputs. Seeded (TEST_SEED replays).
 *
 * abi-encode-event → /event-encode; from-fixed-point, to-fixed-point → /units (token decimals);
 * decode-string → /error-decode; decode-transaction → /tx-decode; 4byte, 4byte-event →
 * /signature-from-selector and 4byte-calldata → /calldata-decode (cast asks openchain, which a
 * test cannot reach: every signature the offline table names must hash back to its key with
 * `cast sig`/`cast sig-event`, and decode as `cast decode-calldata` decodes with it);
 * pretty-calldata → /calldata-decode's words; interface → /abi's Solidity interface (both
 * compiled with solc to the same ABI).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cast, castAsync, haveCast, repoRoot, runCastLine, runTool, testSeed, ANVIL_KEYS, randomInt as int, randomHex as hex } from '../../test/support'
import { compile } from '../../test/chain/solc'
import * as Selector from '../core/abi/Selector'

const digits = (n: number) => (n === 0 ? '0' : `${1 + int(9)}${Array.from({ length: n - 1 }, () => int(10)).join('')}`)

/** `cast …` prints `[topic0]: 0x…` lines. */
function castLines(out: string): Map<string, string> {
  return new Map(out.split('\n').map((l) => /^\[(\w+)\]: (0x[0-9a-f]*)$/.exec(l.trim())).filter((m) => m !== null).map((m) => [m[1]!, m[2]!]))
}

describe.skipIf(!haveCast)(`cast parity of offline tools (seed ${testSeed})`, () => {
  it('abi-encode-event: /event-encode gives cast\'s topics and data, for random events and values', async () => {
    const kinds = [
      { type: 'address', value: () => hex(20) },
      { type: 'uint256', value: () => BigInt(hex(1 + int(32))).toString() },
      { type: 'int64', value: () => String(BigInt(int(2 ** 31)) * (int(2) ? 1n : -1n)) },
      { type: 'bytes32', value: () => hex(32) },
      { type: 'bool', value: () => (int(2) ? 'true' : 'false') },
    ]
    for (let i = 0; i < 12; i++) {
      const params = Array.from({ length: 1 + int(4) }, () => ({ ...kinds[int(kinds.length)]!, indexed: false }))
      for (const p of params.slice(0, 3)) p.indexed = int(2) === 1
      const values = params.map((p) => p.value())
      const sig = `Ev${i}(${params.map((p) => `${p.type}${p.indexed ? ' indexed' : ''}`).join(',')})`
      const want = castLines(cast(['abi-encode-event', sig, ...values]))
      const rows = await runTool('event-encode', { event: sig, values: JSON.stringify(values.map((v) => (v === 'true' ? true : v === 'false' ? false : v))) })
      const topics = params.filter((p) => p.indexed).length + 1
      for (let t = 0; t < topics; t++) expect(rows.get(`topic ${t}`), `${sig} topic ${t}`).toBe(want.get(`topic${t}`))
      expect(rows.get('data') ?? '0x', `${sig} data`).toBe(want.get('data') ?? '0x')
    }
  })

  it('from-fixed-point and to-fixed-point: /units with token decimals gives cast\'s integer and decimal', async () => {
    for (let i = 0; i < 12; i++) {
      const decimals = int(31)
      const whole = digits(int(12))
      const frac = decimals ? digits(int(decimals + 1)).slice(0, decimals) : ''
      const amount = frac ? `${whole}.${frac}` : whole
      const integer = cast(['from-fixed-point', String(decimals), amount])
      const up = await runTool('units', { amount, unit: 'token', decimals: String(decimals) })
      expect(up.get('wei'), `from-fixed-point ${decimals} ${amount}`).toBe(integer)
      // back: cast pads the fraction to the decimals; the page drops trailing zeros (the same number)
      const fixed = cast(['to-fixed-point', String(decimals), integer])
      const down = await runTool('units', { amount: integer, unit: 'wei', decimals: String(decimals) })
      const trimmed = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed
      expect(down.get(`token (${decimals} decimals)`), `to-fixed-point ${decimals} ${integer}`).toBe(trimmed)
    }
  })

  it('decode-string: /error-decode reads the Error(string) payload cast reads', async () => {
    const alphabet = 'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-:!?'
    for (let i = 0; i < 10; i++) {
      const text = Array.from({ length: 1 + int(90) }, () => alphabet[int(alphabet.length)]).join('').trim() || 'x'
      const data = cast(['calldata', 'Error(string)', text])
      const castText = JSON.parse(cast(['decode-string', data])) as string
      expect(castText).toBe(text)
      const rows = await runTool('error-decode', { data })
      expect(rows.get('reason'), data).toBe(castText)
    }
  })

  it('decode-transaction: /tx-decode gives cast\'s signer, hash and fields for random signed transactions of every type', async () => {
    for (let i = 0; i < 9; i++) {
      const type = ['legacy', 'eip2930', 'eip1559'][i % 3]!
      const key = ANVIL_KEYS[int(ANVIL_KEYS.length)]!
      const to = hex(20)
      const nonce = int(1000)
      const gas = 21_000 + int(500_000)
      const args = ['mktx', '--private-key', key, '--chain', String(1 + int(100_000)), '--nonce', String(nonce), '--gas-limit', String(gas), '--value', String(int(10 ** 9))]
      if (type === 'legacy') args.push('--legacy', '--gas-price', String(1 + int(10 ** 11)))
      else args.push('--gas-price', String(10 ** 9 + int(10 ** 11)), '--priority-gas-price', String(int(10 ** 9)))
      if (type === 'eip2930') args.push('--access-list', JSON.stringify([{ address: hex(20), storageKeys: [hex(32)] }]), '--legacy')
      args.push(to, 'f(uint256,bytes)', String(int(10 ** 9)), hex(int(40)))
      const raw = cast(args)
      const want = JSON.parse(JSON.parse(cast(['decode-transaction', raw])) as string) as Record<string, string>
      const rows = await runTool('tx-decode', { raw })
      expect(rows.get('Transaction hash'), raw).toBe(want.hash)
      expect(rows.get('Sender')?.toLowerCase(), raw).toBe(want.signer)
      expect(rows.get('Nonce'), raw).toBe(String(BigInt(want.nonce!)))
      expect(rows.get('Gas limit'), raw).toBe(String(BigInt(want.gas!)))
      expect(rows.get('To')?.toLowerCase(), raw).toBe(want.to)
      expect(rows.get('Data'), raw).toBe(want.input)
      expect(rows.get('Type'), raw).toMatch(Number(want.type) === 0 ? /^Legacy/ : new RegExp(`· 0x0${Number(want.type)}$`))
      if (type === 'eip2930') expect(Number(want.type), 'cast made an access-list transaction').toBe(1)
      if (want.chainId) expect(rows.get('Chain id'), raw).toBe(String(BigInt(want.chainId)))
    }
  })

  it('mktx: /tx-build\'s "As cast" line, given the key, builds the same signed transaction offline, for random transactions of three types; the key is not in the line', async () => {
    for (let i = 0; i < 9; i++) {
      const type = ['legacy', 'eip2930', 'eip1559'][i % 3]!
      const key = ANVIL_KEYS[int(ANVIL_KEYS.length)]!
      const raw: Record<string, string> = { type, chainId: String(1 + int(100_000)), nonce: String(int(1000)), to: int(4) ? hex(20) : '', value: `${int(10 ** 9)} wei`, gas: String(100_000 + int(500_000)), data: hex(1 + int(40)), privateKey: key }
      if (type === 'eip1559') Object.assign(raw, { maxFeePerGas: `${10 ** 9 + int(10 ** 11)} wei`, maxPriorityFeePerGas: `${int(10 ** 9)} wei` })
      else raw.gasPrice = `${1 + int(10 ** 11)} wei`
      if (type === 'eip2930') raw.accessList = JSON.stringify([{ address: hex(20), storageKeys: [hex(32)] }])
      const rows = await runTool('tx-build', raw)
      const line = rows.get('As cast')!
      expect(line, JSON.stringify(raw)).toMatch(/^cast mktx .* --interactive( --create 0x[0-9a-f]+)?$/)
      expect(line.toLowerCase()).not.toContain(key.slice(2).toLowerCase())
      const built = await runCastLine(line.replace(' --interactive', ` --private-key ${key}`))
      expect(built, line).toBe(rows.get('Raw signed transaction'))
    }
  })

  it('4byte and 4byte-event: every signature /signature-from-selector names for random table keys hashes back to the key (cast sig, cast sig-event)', async () => {
    const keys = (kind: 'functions' | 'errors' | 'events', n: number) => pick(Object.keys(tableFile(kind)), n)
    const wanted = [...keys('functions', 30), ...keys('errors', 10), ...keys('events', 20)]
    const rows = await runTool('signature-from-selector', { keys: wanted.join('\n') })
    const checks: Promise<void>[] = []
    for (const key of wanted) {
      const named = rows.get(key)
      expect(named, `${key} is in the table: the tool names it`).toBeDefined()
      expect(named).not.toBe('not in the offline table')
      for (const sig of named!.split('\n'))
        checks.push(castAsync([key.length === 66 ? 'sig-event' : 'sig', sig]).then((h) => expect(h, `cast ${key.length === 66 ? 'sig-event' : 'sig'} ${sig}`).toBe(key)))
    }
    await Promise.all(checks)
    expect(checks.length).toBeGreaterThanOrEqual(wanted.length)
  })

  it('4byte-calldata: /calldata-decode, with the offline table only, decodes random call data of random table functions as cast decode-calldata does with the signature it names', async () => {
    const table = tableFile('functions')
    const simple = Object.entries(table)
      .map(([key, humans]) => ({ key, canonical: Selector.from(humans[0]!, 'function').canonical }))
      .filter((f) => typesOf(f.canonical).length > 0 && typesOf(f.canonical).every((t) => valueFor(t) !== null))
    for (const f of pick(simple, 14)) {
      const types = typesOf(f.canonical)
      const data = cast(['calldata', f.canonical, ...types.map((t) => valueFor(t)!())])
      const rows = await runTool('calldata-decode', { data, guess: 'false' })
      const ours = rows.get('Call / function')!
      expect(rows.get('Call / source'), data).toBe('the offline signature table')
      expect(await castAsync(['sig', ours]), `${data}: the named signature ${ours} hashes to the selector`).toBe(f.key)
      const want = (await castAsync(['decode-calldata', ours, data])).split('\n').map(castValue)
      const got = [...rows].filter(([k]) => k.startsWith('Arguments / ')).map(([, v]) => castValue(v))
      expect(got, `${ours} ${data}`).toEqual(want)
    }
  })

  it('pretty-calldata: /calldata-decode\'s words are cast pretty-calldata --offline\'s, for random call data', async () => {
    for (let i = 0; i < 10; i++) {
      const types = Array.from({ length: 1 + int(5) }, () => SIMPLE[int(SIMPLE.length)]!)
      const sig = `q${hex(4).slice(2)}(${types.join(',')})`
      const data = cast(['calldata', sig, ...types.map((t) => valueFor(t)!())])
      const pretty = cast(['pretty-calldata', '--offline', data]).split('\n').map((l) => l.trim())
      expect(pretty[0]).toBe(`Method: ${data.slice(2, 10)}`)
      const castWords = pretty.map((l) => /^\[([0-9a-f]{3})\]: ([0-9a-f]{64})$/.exec(l)).filter((m) => m !== null)
      const rows = await runTool('calldata-decode', { data, layout: 'true' })
      expect(rows.get('Words / 0x000 selector')).toBe(data.slice(0, 10))
      const ours = [...rows].filter(([k]) => /^Words \/ 0x[0-9a-f]{3} word/.test(k))
      expect(ours.map(([k, v]) => [(parseInt(k.slice(10, 13), 16) - 4).toString(16).padStart(3, '0'), v.slice(2)]), `${sig} ${data}`).toEqual(castWords.map((m) => [m[1], m[2]]))
    }
  })

  it('interface: /abi\'s Solidity interface compiles to the ABI cast interface\'s does, for random ABIs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cast-interface-'))
    const sorted = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'internalType').sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, sorted(x)])) : v
    const norm = (abi: unknown[]) => abi.map((x) => JSON.stringify(sorted(x))).sort()
    for (let i = 0; i < 4; i++) {
      let n = 0 // parameter names unique in the whole ABI: solc refuses a name twice in one declaration
      const param = (indexed?: boolean) => ({ name: `p${n++}_${hex(2).slice(2)}`, type: SIMPLE[int(SIMPLE.length)]!, ...(indexed === undefined ? {} : { indexed }) })
      const abi = [
        ...Array.from({ length: 1 + int(4) }, (_, k) => ({ type: 'function', name: `f${k}_${hex(2).slice(2)}`, inputs: Array.from({ length: int(4) }, () => param()), outputs: Array.from({ length: int(3) }, () => param()), stateMutability: ['view', 'pure', 'nonpayable', 'payable'][int(4)] })),
        ...Array.from({ length: int(3) }, (_, k) => ({ type: 'event', name: `E${k}_${hex(2).slice(2)}`, inputs: Array.from({ length: int(4) }, (_, j) => param(j < 3 && int(2) === 1)), anonymous: false })),
        ...Array.from({ length: int(3) }, (_, k) => ({ type: 'error', name: `Err${k}_${hex(2).slice(2)}`, inputs: Array.from({ length: int(3) }, () => param()) })),
      ]
      const file = join(dir, `abi${i}.json`)
      writeFileSync(file, JSON.stringify(abi))
      const fromCast = cast(['interface', '-n', 'FromCast', file])
      const ours = (await runTool('abi', { abi: JSON.stringify(abi), name: 'FromPage' })).get('Solidity / interface')!
      const body = (src: string) => src.split('\n').filter((l) => !/^\s*(pragma|\/\/ SPDX)/.test(l)).join('\n')
      const compiled = compile(`// SPDX-License-Identifier: UNLICENSED\npragma solidity ^0.8.4;\n${body(fromCast)}\n${body(ours)}\n`)
      expect(norm(compiled.FromPage!.abi), `seed ${testSeed}, ABI ${JSON.stringify(abi)}`).toEqual(norm(compiled.FromCast!.abi))
      expect(norm(compiled.FromPage!.abi)).toEqual(norm(abi))
    }
  })
})

/** The signature table's entries of one kind, from its 16 shards (selector or topic → human signatures; the note and emptied keys left out). */
function tableFile(kind: 'functions' | 'errors' | 'events'): Record<string, string[]> {
  const all = [...'0123456789abcdef'].flatMap((d) => Object.entries(JSON.parse(readFileSync(join(repoRoot, 'src', 'core', 'data', `signatures.${kind}.${d}.json`), 'utf8')) as Record<string, string[] | string>))
  return Object.fromEntries(all.filter((e): e is [string, string[]] => e[0].startsWith('0x') && Array.isArray(e[1]) && e[1].length > 0))
}

function pick<T>(list: readonly T[], n: number): T[] {
  const out = new Set<T>()
  while (out.size < Math.min(n, list.length)) out.add(list[int(list.length)]!)
  return [...out]
}

/** The top-level parameter types of a canonical signature. */
function typesOf(canonical: string): string[] {
  const inner = canonical.slice(canonical.indexOf('(') + 1, -1)
  const out: string[] = []
  let depth = 0
  let cur = ''
  for (const ch of inner) {
    if (ch === ',' && depth === 0) {
      out.push(cur)
      cur = ''
      continue
    }
    if (ch === '(') depth++
    if (ch === ')') depth--
    cur += ch
  }
  if (cur) out.push(cur)
  return out
}

const SIMPLE = ['address', 'bool', 'uint8', 'uint256', 'int24', 'int256', 'bytes32', 'bytes4', 'bytes', 'string', 'uint256[]', 'address[]']

/** A random value of a type as a cast argument, or null for a type this test does not generate (tuples, nested arrays). */
function valueFor(type: string): (() => string) | null {
  const arr = /^(.*)\[(\d*)\]$/.exec(type)
  if (arr) {
    const inner = valueFor(arr[1]!)
    if (!inner || arr[1]!.includes('[') || arr[1] === 'string' || arr[1] === 'bytes') return null
    return () => `[${Array.from({ length: arr[2] ? Number(arr[2]) : int(4) }, inner).join(',')}]`
  }
  if (type === 'address') return () => hex(20)
  if (type === 'bool') return () => (int(2) ? 'true' : 'false')
  if (type === 'string') return () => Array.from({ length: int(20) }, () => 'abcdefghijklmnopqrstuvwxyzABC0123456789'[int(39)]).join('')
  if (type === 'bytes') return () => hex(int(70))
  const fixed = /^bytes(\d+)$/.exec(type)
  if (fixed) return () => hex(Number(fixed[1]))
  const n = /^(u?)int(\d+)$/.exec(type)
  if (n) {
    const bits = Number(n[2])
    return () => {
      if (n[1]) return (BigInt(hex(bits / 8)) >> BigInt(int(bits))).toString()
      const v = BigInt(hex(bits / 8)) >> BigInt(1 + int(bits)) // below 2^(bits-1)
      return (int(2) ? v : -v - 1n).toString()
    }
  }
  return null
}

/** A decoded value as text, the same for cast's and the page's way of printing it: case, quotes and cast's `[1e3]` hints dropped. */
function castValue(v: string): string {
  return v.replace(/ \[-?\d(\.\d+)?e-?\d+\]/g, '').replace(/"/g, '').toLowerCase().trim()
}
