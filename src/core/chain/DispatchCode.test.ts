/**
 * DispatchCode against a real anvil (started here; needs @foundry-rs/anvil): an address's code,
 * or its implementation's behind an EIP-1967 proxy, as Foundry's cast reads them. (The
 * bytecode-selectors tool lists their selectors against cast selectors in
 * test/chain/bytecode-selectors.test.ts.)
 */
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import { anvil, rpc, useCodeChain } from '../../../test/chain/codeKit'
import * as DispatchCode from './DispatchCode'

const IMPL = '0x1000000000000000000000000000000000000001'
const PROXY = '0x1000000000000000000000000000000000000002'
const PLAIN = '0x1000000000000000000000000000000000000003'
const NOTHING = '0x1000000000000000000000000000000000000004'

useCodeChain(
  {
    // a dispatcher: PUSH4 0xa9059cbb, a comparison with the call's first 4 bytes, then STOP
    [IMPL]: '0x60003560e01c8063a9059cbb14601557005b00',
    [PROXY]: '0x363d3d373d3d3d363d73bebebebebebebebebebebebebebebebebebebebe5af43d82803e903d91602b57fd5bf3',
    [PLAIN]: '0x00',
  },
  { [PROXY]: IMPL },
)

describe('DispatchCode.fetch', () => {
  it('reads the code at the address, or behind the proxy, as cast code does', async () => {
    const own = await DispatchCode.fetch(rpc, PROXY)
    expect(own.code).toBe(await castAsync(['code', PROXY, '--rpc-url', anvil.url]))
    expect(own.proxy).toBeUndefined()
    const followed = await DispatchCode.fetch(rpc, PROXY, { followProxy: true })
    expect(followed.code).toBe(await castAsync(['code', await castAsync(['implementation', PROXY, '--rpc-url', anvil.url]), '--rpc-url', anvil.url]))
    expect(followed.proxy?.kind).toBe('eip1967')
  })

  it('no code, not a proxy and no node: each error at its field', async () => {
    await expect(DispatchCode.fetch(rpc, NOTHING)).rejects.toMatchObject({ name: 'DispatchCode.NoCodeError', field: 'address' })
    await expect(DispatchCode.fetch(rpc, PLAIN, { followProxy: true })).rejects.toMatchObject({ name: 'DispatchCode.NotAProxyError', field: 'proxy' })
    await expect(DispatchCode.fetch(undefined, PLAIN)).rejects.toMatchObject({ name: 'Rpc.NotConnectedError', field: 'address' })
  })
})
