/**
 * storage-read without a node: each bad input is said at its field (the reads themselves are
 * tested against anvil in src/core/storage/StorageRead.test.ts, and the worked examples on the
 * devnet fixtures in test/chain/examples.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool, { roundsNote } from '.'
import meta from './meta'
import { examplesOf } from '../../../test/support'

const layout = examplesOf(meta.id)[0]!.inputs.layout!
const MAPPING = JSON.stringify({
  storage: [{ label: 'bal', offset: 0, slot: '0', type: 't_mapping' }],
  types: { t_mapping: { encoding: 'mapping', label: 'mapping(address => uint256)', numberOfBytes: '32', key: 't_address', value: 't_uint256' },
    t_address: { encoding: 'inplace', label: 'address', numberOfBytes: '20' }, t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' } },
})
const parse = (inputs: Record<string, string>) => tool.parse(withDefaults(tool, inputs))

describe('storage-read offline', () => {
  it('says what is wrong at the layout, address, block, keys and items fields', () => {
    const bad = parse({ layout: '{"abi": []}', address: '0x12', block: 'soon', keys: 'bal 0x1', items: '-1' })
    expect(bad.ok).toBe(false)
    if (!bad.ok) {
      expect(Object.keys(bad.errors).sort()).toEqual(['address', 'block', 'items', 'keys', 'layout'])
      expect(bad.errors.layout).toMatch(/No storage layout found/)
      expect(bad.errors.keys).toMatch(/Line 1/)
    }
    expect(parse({ layout, address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8' }).ok).toBe(true)
  })
  it('a key of the wrong type is said at the keys field, before anything is read', async () => {
    const p = parse({ layout: MAPPING, address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', keys: 'bal: 12x' })
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    await expect(tool.run(p.value, { signal: new AbortController().signal, progress: () => {} })).rejects.toMatchObject({ field: 'keys', message: expect.stringMatching(/bal: key "12x" is not of type address/) })
  })
})

describe('storage-read rounds note', () => {
  it('counts one round in the singular and explains several', () => {
    expect(roundsNote(1)).toBe('1 round: every slot read at once.')
    expect(roundsNote(3)).toMatch(/^3 rounds: a dynamic array's length/)
  })
})
