/**
 * Proxy against a real anvil (started here; needs @foundry-rs/anvil): the implementation read
 * from the EIP-1967 (logic and beacon) and EIP-1822 slots, as Foundry's cast reads it. The
 * proxies are made with anvil_setCode and anvil_setStorageAt; the beacon is a contract whose
 * every call returns the implementation's address. (test/chain/reads.test.ts reads through
 * compiled proxies with the contract-read tool.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../../../test/support'
import * as Proxy from './Proxy'
import * as Rpc from './Rpc'

let anvil: Anvil
let rpc: Rpc.Transport
const castRpc = () => ['--rpc-url', anvil.url]
const IMPL = '0x1000000000000000000000000000000000000001'
const BEACON = '0x1000000000000000000000000000000000000002'
const word = (a: string) => `0x${a.slice(2).padStart(64, '0')}`
const at = (n: number) => `0x20000000000000000000000000000000000000${n.toString(16).padStart(2, '0')}`

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  const setCode = (a: string, code: string) => Rpc.request(rpc, 'anvil_setCode', [a, code])
  await setCode(IMPL, '0x600160005260206000f3') // returns 1
  await setCode(BEACON, `0x73${IMPL.slice(2)}60005260206000f3`) // returns IMPL to any call, implementation() included
  for (const [n, slot, value] of [
    [1, Proxy.SLOTS.eip1967Implementation, IMPL],
    [2, Proxy.SLOTS.eip1967Beacon, BEACON],
    [3, Proxy.SLOTS.eip1822Proxiable, IMPL],
    [4, null, null],
  ] as const) {
    await setCode(at(n), '0x600060005260206000f3')
    if (slot) await Rpc.request(rpc, 'anvil_setStorageAt', [at(n), slot, word(value)])
  }
})
afterAll(async () => {
  await anvil?.stop()
})

describe('Proxy', () => {
  it('the slots are the ones the standards define', async () => {
    // EIP-1967: keccak256(text) - 1; EIP-1822: keccak256("PROXIABLE")
    const minus1 = async (t: string) => `0x${(BigInt(await castAsync(['keccak', t])) - 1n).toString(16).padStart(64, '0')}`
    expect(Proxy.SLOTS.eip1967Implementation).toBe(await minus1('eip1967.proxy.implementation'))
    expect(Proxy.SLOTS.eip1967Beacon).toBe(await minus1('eip1967.proxy.beacon'))
    expect(Proxy.SLOTS.eip1822Proxiable).toBe(await castAsync(['keccak', 'PROXIABLE']))
  })

  it('finds the implementation of EIP-1967, beacon and EIP-1822 proxies as cast does; none behind a plain contract', async () => {
    const logic = await Proxy.implementationOf(rpc, at(1))
    expect(logic?.kind).toBe('eip1967')
    expect(logic?.implementation).toBe((await castAsync(['implementation', at(1), ...castRpc()])).toLowerCase())
    const beacon = await Proxy.implementationOf(rpc, at(2))
    expect(beacon?.kind).toBe('eip1967-beacon')
    expect(beacon?.beacon).toBe((await castAsync(['implementation', '--beacon', at(2), ...castRpc()])).toLowerCase())
    expect(beacon?.implementation).toBe((await castAsync(['call', BEACON, 'implementation()(address)', ...castRpc()])).toLowerCase())
    const uups = await Proxy.implementationOf(rpc, at(3))
    expect(uups?.kind).toBe('eip1822')
    expect(word(uups!.implementation)).toBe(await castAsync(['storage', at(3), Proxy.SLOTS.eip1822Proxiable, ...castRpc()]))
    expect(await Proxy.implementationOf(rpc, at(4))).toBeNull()
  })

  it('a beacon that answers nothing is named', async () => {
    const proxy = at(9)
    const empty = '0x1000000000000000000000000000000000000009'
    await Rpc.request(rpc, 'anvil_setStorageAt', [proxy, Proxy.SLOTS.eip1967Beacon, word(empty)])
    await expect(Proxy.implementationOf(rpc, proxy)).rejects.toMatchObject({ name: 'Proxy.BeaconError', message: expect.stringContaining(empty) })
  })
})
