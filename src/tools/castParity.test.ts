/**
 * cast parity (#27), for the docs/CAST.md rows served by an offline tool that had no comparison
 * with cast: each tool is run as the page runs it (registry → parse → run), on random inputs,
 * and its rows are compared with Foundry's `cast` on the same inputs. Seeded (TEST_SEED replays).
 *
 * abi-encode-event → /event-encode; from-fixed-point, to-fixed-point → /units (token decimals);
 * decode-string → /error-decode; decode-transaction → /tx-decode.
 */
import { describe, expect, it } from 'vitest'
import { cast, haveCast, runTool, testSeed, ANVIL_KEYS } from '../../test/support'

const int = (n: number) => Math.floor(Math.random() * n)
const hex = (bytes: number) => `0x${Array.from({ length: bytes }, () => int(256).toString(16).padStart(2, '0')).join('')}`
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
})
