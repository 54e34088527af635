/**
 * CodeRead against a real anvil (started here): an address's own code as `cast code` reads it,
 * the implementation's code behind an EIP-1167 clone and an EIP-1967 proxy, and the errors at
 * their fields (no code, not a proxy, no node).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../../../test/support'
import * as Proxy from '../chain/Proxy'
import * as Rpc from '../chain/Rpc'
import * as CodeRead from './CodeRead'

let anvil: Anvil
let rpc: Rpc.Transport
const IMPL = '0x1000000000000000000000000000000000000001'
const CLONE = '0x1000000000000000000000000000000000000002'
const PROXY = '0x1000000000000000000000000000000000000003'
const PLAIN = '0x1000000000000000000000000000000000000004'
const IMPL_CODE = '0x600160005260206000f3'

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  const setCode = (a: string, code: string) => Rpc.request(rpc, 'anvil_setCode', [a, code])
  await setCode(IMPL, IMPL_CODE)
  await setCode(CLONE, `0x363d3d373d3d3d363d73${IMPL.slice(2)}5af43d82803e903d91602b57fd5bf3`)
  await setCode(PROXY, '0x600060005260206000f3')
  await setCode(PLAIN, '0x600060005260206000f3')
  await Rpc.request(rpc, 'anvil_setStorageAt', [PROXY, Proxy.SLOTS.eip1967Implementation, `0x${IMPL.slice(2).padStart(64, '0')}`])
})
afterAll(async () => {
  await anvil?.stop()
})

describe('CodeRead on anvil', () => {
  it('reads an address\'s own code as cast code does', async () => {
    const r = await CodeRead.read(rpc, CLONE)
    expect(r.code).toBe(await castAsync(['code', CLONE, '--rpc-url', anvil.url]))
    expect(r.proxy).toBeUndefined()
  })
  it('follows an EIP-1167 clone and an EIP-1967 proxy to the implementation\'s code', async () => {
    const c = await CodeRead.read(rpc, CLONE, { followProxy: true })
    expect([c.code, c.proxy?.kind, c.proxy?.implementation]).toEqual([IMPL_CODE, 'eip1167', IMPL])
    const p = await CodeRead.read(rpc, PROXY, { followProxy: true })
    expect([p.code, p.proxy?.kind]).toEqual([IMPL_CODE, 'eip1967'])
  })
  it('errors at their fields', async () => {
    await expect(CodeRead.read(rpc, '0x00000000000000000000000000000000000000aa')).rejects.toMatchObject({ name: 'CodeRead.NoCodeError', field: 'address' })
    await expect(CodeRead.read(rpc, PLAIN, { followProxy: true })).rejects.toMatchObject({ name: 'CodeRead.NotAProxyError', field: 'proxy' })
    await expect(CodeRead.read(undefined, PLAIN)).rejects.toMatchObject({ name: 'Rpc.NotConnectedError' })
  })
})
