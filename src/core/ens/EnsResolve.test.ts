import { expect, it } from 'vitest'
import { describeVectors, readVector } from '../../../test/support'
import * as Ens from './Ens'
import * as EnsResolve from './EnsResolve'

describeVectors('EnsResolve: ENSIP-1 namehash vectors', () => {
  const v = readVector<{ namehash: { name: string; node: string }[] }>('ens/ensip1-namehash.json')
  it.each(v.namehash.map((x) => [x.name, x.node] as const))('namehash(%j)', (name, node) => {
    expect(Ens.namehash(name)).toBe(node)
  })

  it('names invalid names and reverse names', () => {
    expect(() => Ens.parseName('a b.eth')).toThrow(expect.objectContaining({ name: 'Ens.NotNormalizableError' }))
    expect(EnsResolve.reverseName('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('f39fd6e51aad88f6f4ce6ab8827279cfffb92266.addr.reverse')
  })
})
