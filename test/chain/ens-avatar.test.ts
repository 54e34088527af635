/**
 * ENS avatars (ENSIP-12) on a real anvil: the `avatar` record of a name points at an ERC-721 or
 * ERC-1155 token (contracts compiled here with solc-js); the owner check and the metadata URL
 * are read through the chain and compared with `cast call`; the metadata comes from a loopback
 * server, only once its host is allowed.
 */
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../support'
import { compile } from './solc'
import { AVATAR_SOURCE as SOURCE } from './ccipKit'
import * as ConnectPolicy from '../../src/core/chain/ConnectPolicy'
import * as EnsAvatar from '../../src/core/ens/EnsAvatar'
import * as EnsResolve from '../../src/core/ens/EnsResolve'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import ensTool from '../../src/tools/ens-resolve'
import { withDefaults } from '../../src/tools/define'
import type { RunContext } from '../../src/tools/types'

const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const A1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const A2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'


let anvil: Anvil
let rpc: Rpc.Transport
let server: Server
let base: string
const hits: string[] = []
/** An ERC-1155 token id whose metadata the server streams past EnsAvatar's cap. */
const HUGE_ID = 0x1234abn
const castRpc = () => ['--rpc-url', anvil.url]
const nodeFetch: NonNullable<RunContext['fetch']> = (url, init) => fetch(url, init as RequestInit)

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  server = createServer((req, res) => {
    hits.push(req.url ?? '')
    if ((req.url ?? '').endsWith(`${HUGE_ID.toString(16)}`)) {
      // metadata without a length, streamed past the cap: 2 MiB of one JSON string
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
      res.write('{"name":"')
      const piece = 'a'.repeat(64 * 1024)
      for (let i = 0; i < 32; i++) res.write(piece)
      return res.end('"}')
    }
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
    res.end(JSON.stringify({ name: 'token', image: `https://images.example/${(req.url ?? '').split('/').pop()}.png` }))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
}, 60_000)
afterAll(async () => {
  server?.closeAllConnections()
  await new Promise((r) => server?.close(r))
  await anvil?.stop()
})

const send = async (tx: Record<string, string>) => TxSend.waitForReceipt(rpc, (await Rpc.request(rpc, 'eth_sendTransaction', [tx])) as `0x${string}`, { timeoutMs: 10_000, pollMs: 50 })
async function deploy(name: string, ctorSig?: string, arg?: string): Promise<`0x${string}`> {
  const c = compile(SOURCE)[name]!
  const args = ctorSig ? (await castAsync(['abi-encode', ctorSig, arg!])).slice(2) : ''
  return (await send({ from: A0, data: c.bytecode + args })).contractAddress as `0x${string}`
}
const call = async (to: string, sig: string, ...args: string[]) => send({ from: A0, to, data: await castAsync(['calldata', sig, ...args]) })

describe('ENS avatars (ENSIP-12) through the chain, with per-host consent for the metadata', () => {
  let nft721: `0x${string}`
  let nft1155: `0x${string}`
  let simple: `0x${string}`
  beforeAll(async () => {
    const registry = await deploy('Registry')
    await Rpc.request(rpc, 'anvil_setCode', [EnsResolve.REGISTRY, await Rpc.request(rpc, 'eth_getCode', [registry, 'latest'])])
    simple = await deploy('Simple')
    nft721 = await deploy('Nft721', 'f(string)', `${base}/meta/721`)
    nft1155 = await deploy('Nft1155', 'f(string)', `${base}/meta/{id}`)
    await call(nft721, 'mint(address,uint256)', A1, '42')
    await call(nft1155, 'mint(address,uint256)', A1, '7')
    await call(nft1155, 'mint(address,uint256)', A1, HUGE_ID.toString())
    for (const [name, avatar] of [
      ['pic.eth', `eip155:31337/erc721:${nft721}/42`],
      ['multi.eth', `eip155:31337/erc1155:${nft1155}/7`],
      ['borrowed.eth', `eip155:31337/erc721:${nft721}/43`],
    ] as const) {
      const node = await castAsync(['namehash', name])
      await call(EnsResolve.REGISTRY, 'setResolver(bytes32,address)', node, simple)
      await call(simple, 'setAddr(bytes32,address)', node, A1)
      await call(simple, 'setText(bytes32,string,string)', node, 'avatar', avatar)
    }
    await call(nft721, 'mint(address,uint256)', A2, '43')
  }, 120_000)

  it('metadata streamed past the 1 MiB cap without a length: the read stops at the cap, and the message says so', async () => {
    const a = EnsAvatar.parse(`eip155:31337/erc1155:${nft1155}/${HUGE_ID}`)
    if (a.kind !== 'nft') throw new Error(a.kind)
    const e = await EnsAvatar.resolveNft(rpc, a, A1, { fetch: nodeFetch, allowedHosts: [new URL(base).host] }).then(() => undefined, (x: Error) => x)
    expect(e).toBeInstanceOf(EnsAvatar.MetadataError)
    expect(e!.message).toMatch(/answered more than 1 MiB \(1,048,576 bytes\): not read further/)
  })

  it('ERC-721: owner and tokenURI as cast reads them; the metadata only from an allowed host', async () => {
    const t = (await EnsResolve.texts(rpc, 'pic.eth', ['avatar']))[0]!
    if (!('value' in t)) throw new Error(t.invalid)
    const record = t.value
    const a = EnsAvatar.parse(record)
    if (a.kind !== 'nft') throw new Error(a.kind)
    hits.length = 0
    await expect(EnsAvatar.resolveNft(rpc, a, A1, { fetch: nodeFetch })).rejects.toBeInstanceOf(EnsAvatar.HostNotAllowedError)
    expect(hits).toEqual([])
    const host = new URL(base).host
    const n = await EnsAvatar.resolveNft(rpc, a, A1, { fetch: nodeFetch, allowedHosts: [host] })
    expect(n.metadataUrl).toBe(JSON.parse(await castAsync(['call', nft721, 'tokenURI(uint256)(string)', '42', ...castRpc()])))
    expect((await castAsync(['call', nft721, 'ownerOf(uint256)(address)', '42', ...castRpc()])).toLowerCase()).toBe(A1.toLowerCase())
    expect(n.owned).toBe(true)
    expect(n.image).toBe('https://images.example/721.png')
    expect(hits).toEqual(['/meta/721'])
    // allowed, but the page's connect-src does not name the host yet (#41): said as such, not "unreachable"
    hits.length = 0
    const refused: typeof nodeFetch = async (url) => {
      throw new ConnectPolicy.NotAllowedError(ConnectPolicy.sourceOf(url)!)
    }
    await expect(EnsAvatar.resolveNft(rpc, a, A1, { fetch: refused, allowedHosts: [host] })).rejects.toMatchObject({ name: 'ConnectPolicy.NotAllowedError', hints: [`${new URL(base).origin} is now allowed for this tab: reload the page (your inputs stay in the address bar) and run again.`, expect.any(String)] })
    expect(hits).toEqual([])
  })

  it('ERC-1155: balance checked, {id} filled in as 64 hex digits (as cast formats the id)', async () => {
    const a = EnsAvatar.parse(`eip155:31337/erc1155:${nft1155}/7`)
    if (a.kind !== 'nft') throw new Error(a.kind)
    const n = await EnsAvatar.resolveNft(rpc, a, A1, { fetch: nodeFetch, allowedHosts: [new URL(base).host] })
    const id = (await castAsync(['to-uint256', '7'])).slice(2)
    expect(n.metadataUrl).toBe(`${base}/meta/${id}`)
    expect(n.owned).toBe(true)
    expect(n.image).toBe(`https://images.example/${id}.png`)
  })

  it('an NFT the name\'s address does not own is flagged (ENSIP-12), and the tool says so', async () => {
    const p = ensTool.parse(withDefaults(ensTool, { query: 'borrowed.eth', lookup: 'true', allowHosts: new URL(base).host }))
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    const r = await ensTool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc, rpcUrl: anvil.url, fetch: nodeFetch })
    const rows = new Map(r.sections.flatMap((s) => s.rows.map((x) => [x.label, x.value] as const)))
    expect(rows.get('Avatar NFT owner')).toBe('not the name\'s address')
    expect(r.notes?.[0]?.text).toMatch(/does not own the avatar NFT/)
    // without consent, the record is shown and the host named
    const q = ensTool.parse(withDefaults(ensTool, { query: 'pic.eth' }))
    if (!q.ok) throw new Error(JSON.stringify(q.errors))
    hits.length = 0
    const s = await ensTool.run(q.value, { signal: new AbortController().signal, progress: () => {}, rpc, rpcUrl: anvil.url })
    expect(new Map(s.sections.flatMap((x) => x.rows.map((y) => [y.label, y.value] as const))).get('Avatar NFT')).toBe(`ERC721 ${await castAsync(['to-check-sum-address', nft721])} #42`)
    expect(s.notes?.[0]?.text).toContain(`Contact ${new URL(base).host}?`)
    expect(hits).toEqual([])
  })
})
