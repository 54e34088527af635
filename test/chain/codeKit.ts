/**
 * A fresh anvil holding hand-set code, for the code readers' tests (src/core/bytecode/CodeRead.test.ts,
 * src/core/chain/DispatchCode.test.ts): `useCodeChain()` registers the file's beforeAll/afterAll;
 * the bindings are live.
 */
import { afterAll, beforeAll } from 'vitest'
import * as Proxy from '../../src/core/chain/Proxy'
import * as Rpc from '../../src/core/chain/Rpc'
import { startAnvil, type Anvil } from '../support'

export let anvil: Anvil
/** The node through the app's transport. */
export let rpc: Rpc.Transport

/** Starts anvil with each of `codes` set at its address (anvil_setCode) and each of `eip1967` (proxy → implementation) written to the proxy's EIP-1967 implementation slot; stops it after the file. */
export function useCodeChain(codes: Record<string, string>, eip1967: Record<string, string> = {}): void {
  beforeAll(async () => {
    anvil = await startAnvil()
    rpc = Rpc.http(anvil.url)
    for (const [address, code] of Object.entries(codes)) await Rpc.request(rpc, 'anvil_setCode', [address, code])
    for (const [proxy, impl] of Object.entries(eip1967)) await Rpc.request(rpc, 'anvil_setStorageAt', [proxy, Proxy.SLOTS.eip1967Implementation, `0x${impl.slice(2).padStart(64, '0')}`])
  })
  afterAll(async () => {
    await anvil?.stop()
  })
}
