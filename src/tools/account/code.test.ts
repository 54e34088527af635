/**
 * The account tool's whole code on a real anvil (started here): a 20,000-byte contract's code
 * comes back whole (no cut), its size, and its code hash (ours: keccak of the code) equal to
 * eth_getProof's codeHash and to `cast keccak` of the code the row copies; the storage root is
 * eth_getProof's storageHash, and it changes when a slot is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../../../test/support'
import { withDefaults } from '../define'
import tool from './index'
import * as AccountInfo from '../../core/chain/AccountInfo'
import * as Rpc from '../../core/chain/Rpc'

let anvil: Anvil
let rpc: Rpc.Transport
const BIG = '0x3000000000000000000000000000000000000003'
const bytes = crypto.getRandomValues(new Uint8Array(20_000))
const CODE = `0x${Buffer.from(bytes).toString('hex')}`

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  await Rpc.request(rpc, 'anvil_setCode', [BIG, CODE])
})
afterAll(async () => {
  await anvil?.stop()
})

describe('Account: the whole code, its hash and the storage root', () => {
  it('a 20,000-byte contract, through the account tool', async () => {
    const p = tool.parse(withDefaults(tool, { address: BIG }))
    if (!p.ok) throw new Error('parse')
    const r = await tool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc })
    const rows = r.sections[0]!.rows
    const row = (label: string) => rows.find((x) => x.label === label)!
    const proof = (await Rpc.request(rpc, 'eth_getProof', [BIG, [], 'latest'])) as { codeHash: string; storageHash: string }
    expect(row('Code').value).toBe(CODE)
    expect(row('Code').copy).not.toBe(false)
    expect(row('Code size').value).toBe('20000 bytes')
    expect(row('Code hash').value).toBe(proof.codeHash)
    expect(await castAsync(['keccak', row('Code').value])).toBe(proof.codeHash)
    expect(row('Storage root').value).toBe(proof.storageHash)
  })
  it('the storage root follows a write', async () => {
    const before = await AccountInfo.storageRootOf(rpc, BIG)
    await Rpc.request(rpc, 'anvil_setStorageAt', [BIG, '0x1', `0x${'00'.repeat(31)}07`])
    const after = await AccountInfo.storageRootOf(rpc, BIG)
    const proof = (await Rpc.request(rpc, 'eth_getProof', [BIG, [], 'latest'])) as { storageHash: string }
    expect(after).not.toBe(before)
    expect(after).toBe(proof.storageHash)
  })
})
