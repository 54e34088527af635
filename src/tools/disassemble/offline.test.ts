/**
 * disassemble is a `network` tool (it can read an address's code from the node), so
 * src/tools/examples.test.ts does not run its examples: the pasted-code ones run here with no
 * node (the address one runs in test/chain/examples.test.ts and e2e/bytecode.spec.ts). Also:
 * the listing the page draws is cast's, and bad input is named at its field.
 */
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import { tools } from '../groups/calldata'
import { castAsync, examplesOf, resultRows } from '../../../test/support'
import * as Disassembler from '../../core/bytecode/Disassembler'
import type { DisassembleData } from './index'
import { compileFull, SRC_PATH, VAULT_SOL } from '../../../test/chain/sourceKit'

const entry = tools.find((t) => t.meta.id === 'disassemble')!
const run = async (inputs: Record<string, string>) => {
  const tool = (await entry.load()).default
  const parsed = tool.parse(withDefaults(tool, inputs))
  if (!parsed.ok) throw new Error(`did not parse: ${JSON.stringify(parsed.errors)}`)
  return tool.run(parsed.value, { signal: new AbortController().signal, progress: () => {} })
}

describe('disassemble offline', () => {
  for (const ex of examplesOf(entry.meta.id).filter((e) => e.inputs.source !== 'address')) {
    it(`example: ${ex.title}`, async () => {
      const rows = resultRows(await run(ex.inputs))
      for (const [label, value] of Object.entries(ex.expect ?? {})) expect(rows.get(label), label).toBe(value)
    })
  }
  it('the page\'s listing of each part is cast\'s', async () => {
    const ex = examplesOf(entry.meta.id)[1]!
    const data = (await run(ex.inputs)).data as DisassembleData
    expect(data.parts.map((p) => p.kind)).toEqual(['constructor', 'runtime'])
    const code = Disassembler.parse(ex.inputs.code!)
    for (const p of data.parts) {
      const hex = Disassembler.toHex(code.subarray(p.start, p.start + p.size))
      const lines = Array.from(p.offsets, (_, k) => Disassembler.line(Disassembler.instructionAt(p.code, p.offsets, k, data.hardfork))).join('\n')
      expect(lines).toBe((await castAsync(['disassemble', hex])).trim())
    }
  })
  it('with solc output, the runtime\'s immutables at solc\'s immutableReferences, named from its AST', async () => {
    const { output } = compileFull({ [SRC_PATH]: VAULT_SOL }, true)
    const vault = output.contracts[SRC_PATH]!.Vault!
    const refs = vault.evm.deployedBytecode.immutableReferences!
    const r = await run({ source: 'code', code: `0x${vault.evm.bytecode.object}`, artifact: JSON.stringify(output) })
    const data = r.data as DisassembleData
    expect(data.parts.map((p) => p.kind)).toEqual(['constructor', 'runtime'])
    const want = Object.entries(refs).flatMap(([id, rs]) => rs.map((x) => ({ start: x.start, length: x.length, id: Number(id), name: 'limit' }))).sort((a, b) => a.start - b.start)
    expect(want.length).toBeGreaterThan(0)
    expect(data.parts[1]!.immutables).toEqual(want)
    const rows = resultRows(r)
    expect(rows.get('Contract')).toBe(`${SRC_PATH}:Vault`)
    expect(rows.get(`limit (id ${want[0]!.id})`)).toBe(`0x${'00'.repeat(32)}`)
    // Another contract's output: nothing marked, and said so.
    const other = await run({ source: 'code', code: '0x600a600c600039600a6000f3602a60005260206000f3', artifact: JSON.stringify(output) })
    expect(resultRows(other).get('Compiler output')).toMatch(/^none of its \d+ contracts has this runtime code/)
    expect((other.data as DisassembleData).parts.every((p) => p.immutables.length === 0)).toBe(true)
  })
  it('names bad input at its field', async () => {
    const tool = (await entry.load()).default
    const bad = (inputs: Record<string, string>) => {
      const p = tool.parse(withDefaults(tool, inputs))
      return p.ok ? {} : p.errors
    }
    expect(bad({ source: 'code', code: '' }).code).toMatch(/Paste the bytecode/)
    expect(bad({ source: 'code', code: '0x60zz' }).code).toBeTruthy()
    expect(bad({ source: 'address', address: '0x1234' }).address).toBeTruthy()
    expect(Object.keys(bad({ source: 'code', code: '0x00', hardfork: 'nope' }))).toEqual(['hardfork'])
    expect(Object.keys(bad({ source: 'code', code: '0x00', artifact: '{"contracts": 1' }))).toEqual(['artifact'])
  })
})
