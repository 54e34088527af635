import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import vanity from '../vanity'
import { runTool } from '../../../test/support'
import create2Salt from '.'

const fieldNames = (t: typeof vanity | typeof create2Salt) => t.fields.map((f) => f.name)

describe('vanity and create2-salt parse', () => {
  it('never throw on any raw input: a value or messages at fields (property)', () => {
    for (const tool of [vanity, create2Salt]) {
      const names = fieldNames(tool)
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...names), fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('mine', 'check', 'true', 'zeros', 'both', 'contains', 'createx', 'immutable', 'custom', 'create'))), (raw) => {
          const p = tool.parse(raw)
          if (!p.ok) for (const [k, v] of Object.entries(p.errors)) expect(names.includes(k) && typeof v === 'string' && v.length > 0, `${k}: ${v}`).toBe(true)
        }),
      )
    }
  })
  it('put each problem at its field', () => {
    const c = create2Salt.parse({ action: 'mine', convention: 'createx', caller: '0x1234', crossChain: 'true', chainId: 'x', initCode: '0x60', prefix: 'zz' })
    expect(c.ok).toBe(false)
    if (!c.ok) {
      expect(c.errors.chainId).toMatch(/chain id/)
      expect(c.errors.caller).toBeTruthy()
      expect(c.errors.prefix).toMatch(/not a hex digit/)
    }
    const v = vanity.parse({ action: 'check', mode: 'zeros', zeroBytes: '25', key: '0x12' })
    expect(v.ok).toBe(false)
    if (!v.ok) {
      expect(v.errors.zeroBytes).toMatch(/1 to 20/)
      expect(v.errors.key).toBeTruthy()
      expect(v.errors.key).not.toContain('0x12')
    }
  })
})

describe('create2-salt: the GPU miners’ command lines hold the form’s values exactly', () => {
  const HASH = '0x21c35dbe1b344a2488cf3321d6ce542f8e9f305544ff09e4993a62319a497c1f'
  const CALLER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  it('createXcrunch: each of caller, chain id, init code hash, GPU device and pattern from the form; dropping one changes the line', async () => {
    const raw = { action: 'mine', convention: 'createx', caller: CALLER, crossChain: 'true', chainId: '137', initCodeHash: HASH, mode: 'prefix', prefix: 'C0DE', gpuDevice: '3' }
    const rows = await runTool('create2-salt', raw)
    const line = rows.get('createXcrunch command')!
    expect(line).toBe(`./target/release/createxcrunch create2 --factory 0xba5ed099633d3b313e4d5f7bdc1305d3c28ba5ed --caller ${CALLER.toLowerCase()} --crosschain 137 --code-hash ${HASH} --gpu-device-id 3 --matching c0de${'X'.repeat(36)}`)
    expect(rows.get('create2crunch command')).toMatch(/createXcrunch/)
    // each input of the form, changed alone, changes the command: none is dropped on the way
    const changes: Record<string, string> = { caller: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', chainId: '10', initCodeHash: `0x${'ab'.repeat(32)}`, prefix: 'beef', gpuDevice: '1' }
    for (const [k, v] of Object.entries(changes)) {
      const other = (await runTool('create2-salt', { ...raw, [k]: v })).get('createXcrunch command')!
      expect(other, k).not.toBe(line)
      expect(other.toLowerCase(), k).toContain(v.toLowerCase().replace(/^0x/, ''))
    }
  })
  it('create2crunch: factory, caller, init code hash, GPU device and leading zero bytes; a prefix is refused with the reason', async () => {
    const raw = { action: 'mine', convention: 'immutable', caller: CALLER, initCodeHash: HASH, mode: 'zeros', zeroBytes: '5', gpuDevice: '2' }
    const rows = await runTool('create2-salt', raw)
    expect(rows.get('create2crunch command')).toBe(`cargo run --release 0x0000000000ffe8b47b3e2130213b802212439497 ${CALLER.toLowerCase()} ${HASH} 2 5 255`)
    expect(rows.get('createXcrunch command')).toMatch(/CreateX only/)
    expect((await runTool('create2-salt', { ...raw, mode: 'prefix', prefix: 'dead' })).get('create2crunch command')).toMatch(/zero bytes only/)
    const p = create2Salt.parse({ ...raw, gpuDevice: '300' })
    expect(!p.ok && p.errors.gpuDevice).toMatch(/0 to 254/)
  })
})
