/**
 * One malformed record does not blank an ENS result (#28): a subname served by its parent's
 * ENSIP-10 wildcard resolver whose `text("description")` answer is not an ABI string, while its
 * address and its "url" text are valid. The resolver is compiled with solc; the address the
 * page must show is read independently with `cast call` through resolve(bytes,bytes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../support'
import { compile } from './solc'
import { REGISTRY, solidity, wildcardResolver } from './registry'
import * as EnsResolve from '../../src/core/ens/EnsResolve'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import ensTool from '../../src/tools/ens-resolve'
import { withDefaults } from '../../src/tools/define'

const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

const SOURCE = solidity(
  REGISTRY,
  wildcardResolver('Malformed', 'An ENSIP-10 wildcard resolver with a good address, a good "url" text, and a "description" text that is not a string (3 bytes).', {
    description: 'hex"c0ffee"',
    url: 'abi.encode("https://example.org/good")',
  }),
)

let anvil: Anvil
let rpc: Rpc.Transport
let resolver: `0x${string}`
const castRpc = () => ['--rpc-url', anvil.url]
const send = (tx: Record<string, string>) => Rpc.request(rpc, 'eth_sendTransaction', [tx]) as Promise<`0x${string}`>
const mined = (h: `0x${string}`) => TxSend.waitForReceipt(rpc, h, { timeoutMs: 10_000, pollMs: 50 })
/** DNS wire format (RFC 1035 §3.1), as ENSIP-10 specifies. */
const dns = (name: string) => `0x${name.split('.').map((l) => Buffer.from(l).length.toString(16).padStart(2, '0') + Buffer.from(l).toString('hex')).join('')}00`

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  const c = compile(SOURCE)
  const registry = (await mined(await send({ from: A0, data: c.Registry!.bytecode }))).contractAddress as `0x${string}`
  await Rpc.request(rpc, 'anvil_setCode', [EnsResolve.REGISTRY, await Rpc.request(rpc, 'eth_getCode', [registry, 'latest'])])
  resolver = (await mined(await send({ from: A0, data: c.Malformed!.bytecode }))).contractAddress as `0x${string}`
  const data = await castAsync(['calldata', 'setResolver(bytes32,address)', await castAsync(['namehash', 'bad.eth']), resolver])
  await mined(await send({ from: A0, to: EnsResolve.REGISTRY, data }))
})
afterAll(async () => {
  await anvil?.stop()
})

describe('ENS: a malformed record marks its own row, the valid ones still show', () => {
  it('shows the address the wildcard resolver returned and the good text, and marks "description" with the reason', async () => {
    const name = 'sub.bad.eth'
    const inner = await castAsync(['call', resolver, 'resolve(bytes,bytes)(bytes)', dns(name), await castAsync(['calldata', 'addr(bytes32)', await castAsync(['namehash', name])]), ...castRpc()])
    const expected = await castAsync(['abi-decode', 'f()(address)', inner])
    const p = ensTool.parse(withDefaults(ensTool, { query: name }))
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    const r = await ensTool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc, rpcUrl: anvil.url })
    const rows = new Map(r.sections.flatMap((s) => s.rows.map((row) => [row.label, row] as const)))
    expect(rows.get('Address')?.value.toLowerCase()).toBe(expected.toLowerCase())
    expect(rows.get('Address')?.tone).toBe('ok')
    expect(rows.get('Wildcard (ENSIP-10)')?.value).toBe('yes')
    expect(rows.get('Text: url')?.value).toBe('https://example.org/good')
    expect(rows.get('Text: description')).toMatchObject({ tone: 'error', value: expect.stringMatching(/not valid: .*"description".*3 bytes.*not an ABI-encoded string/) })
    expect(r.notes?.[0]).toMatchObject({ tone: 'warn', text: expect.stringMatching(/"description" is malformed/) })
  })

  it('gives the records one by one from the core: the valid text and the marked one', async () => {
    expect(await EnsResolve.texts(rpc, 'sub.bad.eth', ['description', 'url', 'email'])).toEqual([
      { key: 'description', invalid: expect.stringMatching(/not an ABI-encoded string/) },
      { key: 'url', value: 'https://example.org/good' },
    ])
  })
})
