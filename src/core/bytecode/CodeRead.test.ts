/**
 * CodeRead against a real anvil (started here): an address's own code as `cast code` reads it,
 * the implementation's code behind an EIP-1167 clone and an EIP-1967 proxy, and the errors at
 * their fields (no code, not a proxy, no node).
 */
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import { anvil, rpc, useCodeChain } from '../../../test/chain/codeKit'
import * as CodeRead from './CodeRead'

const IMPL = '0x1000000000000000000000000000000000000001'
const CLONE = '0x1000000000000000000000000000000000000002'
const PROXY = '0x1000000000000000000000000000000000000003'
const PLAIN = '0x1000000000000000000000000000000000000004'
const IMPL_CODE = '0x600160005260206000f3'

useCodeChain(
  {
    [IMPL]: IMPL_CODE,
    [CLONE]: `0x363d3d373d3d3d363d73${IMPL.slice(2)}5af43d82803e903d91602b57fd5bf3`,
    [PROXY]: '0x600060005260206000f3',
    [PLAIN]: '0x600060005260206000f3',
  },
  { [PROXY]: IMPL },
)

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
