import * as Opcodes from '../../core/bytecode/Opcodes'
import { defineTool, fieldParser } from '../define'
import type { Row, Section } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  query: string
  hardfork: string
  compare: string
}

export interface OpcodesData {
  hardfork: string
  opcodes: Opcodes.Opcode[]
  diff?: Opcodes.Diff
}

export const parse = fieldParser<Input>(
  {
    query: (v) => v.trim(),
    hardfork: (v) => Opcodes.hardfork(v).id,
    compare: (v) => (v.trim() ? Opcodes.hardfork(v).id : ''),
  },
  meta,
)

const gas = (o: Opcodes.Opcode) => (o.dynamic ? `${o.gas} + dynamic (${o.dynamicNote ?? 'see the EIP'})` : String(o.gas))

/** One opcode as a row: the byte, the name, then gas, stack and meaning. */
function row(o: Opcodes.Opcode, label = Opcodes.hex(o.byte)): Row {
  return { label, value: o.name, note: `${o.meaning}. Gas ${gas(o)}; stack ${o.stackIn} in, ${o.stackOut} out.` }
}

function diffSection(d: Opcodes.Diff): Section {
  const rows: Row[] = [
    ...d.added.map((o) => row(o, `Added ${Opcodes.hex(o.byte)}`)),
    ...d.removed.map((o) => row(o, `Removed ${Opcodes.hex(o.byte)}`)),
    ...d.renamed.map((c) => ({ label: `Renamed ${Opcodes.hex(c.byte)}`, value: c.name, note: `Was ${c.from!.name}.` })),
    ...d.gasChanged.map((c) => ({ label: `Gas of ${Opcodes.hex(c.byte)}`, value: c.name, note: `${gas(c.from!)} → ${gas(c.to!)}.` })),
  ]
  if (!rows.length) rows.push({ label: 'Changes', value: 'none', mono: false, copy: false, note: 'The same opcodes with the same gas.' })
  return { title: `From ${d.from.label} to ${d.to.label}`, rows }
}

export default defineTool<Input>(meta, {
  parse,
  run: (input) => {
    const t = Opcodes.table(input.hardfork)
    const found = Opcodes.search(t, input.query)
    const sections: Section[] = []
    const d = input.compare ? Opcodes.diff(input.compare, input.hardfork) : undefined
    if (d) sections.push(diffSection(d))
    sections.push({
      title: `${found.length} of ${t.opcodes.length} opcodes in ${t.hardfork.label}`,
      rows: found.length ? found.map((o) => row(o)) : [{ label: 'Found', value: 'no opcode matches', mono: false, copy: false, tone: 'warn' }],
    })
    const data: OpcodesData = { hardfork: t.hardfork.id, opcodes: found, ...(d ? { diff: d } : {}) }
    return { sections, data }
  },
})
