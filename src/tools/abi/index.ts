import * as Abi from '../../core/abi/Abi'
import { defineTool, fieldParser } from '../define'
import type { Row, Section } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  abi: Abi.Abi
  name: string
}

export const parse = fieldParser<Input>({
  abi: (v) => Abi.parse(v),
  name: (v) => {
    const n = v.trim() || 'IContract'
    if (!/^[A-Za-z_$][\w$]*$/.test(n)) throw new Abi.InvalidAbiError(`"${n}" is not a Solidity identifier.`, ['Use letters, digits and _, not starting with a digit.'])
    return n
  },
})

export default defineTool<Input>(meta, {
  parse,
  run: ({ abi, name }) => {
    const entries = Abi.entries(abi)
    const human = Abi.toHuman(abi).join('\n')
    const json = Abi.toJson(abi)
    const group = (kind: Abi.Entry['kind']) => entries.filter((e) => e.kind === kind)
    const fnRow = (e: Abi.Entry): Row => ({
      label: e.signature,
      value: e.selector,
      note: e.human,
      open: { tool: 'abi-encode', inputs: { abi: human, function: e.signature }, label: 'Encode a call' },
    })
    const sections: Section[] = [
      {
        title: 'Summary',
        rows: [
          { label: 'functions', value: String(group('function').length), mono: false },
          { label: 'events', value: String(group('event').length), mono: false },
          { label: 'errors', value: String(group('error').length), mono: false },
        ],
      },
    ]
    const fns = group('function')
    if (fns.length) sections.push({ title: 'Functions', rows: fns.map(fnRow) })
    const other = [...group('constructor'), ...group('fallback'), ...group('receive')]
    if (other.length) sections.push({ title: 'Special', rows: other.map((e) => ({ label: e.signature, value: e.human, copy: false })) })
    const evs = group('event')
    if (evs.length) sections.push({ title: 'Events', rows: evs.map((e) => ({ label: e.signature, value: e.selector, note: `topic0 of ${e.human}` })) })
    const errs = group('error')
    if (errs.length) sections.push({ title: 'Errors', rows: errs.map((e) => ({ label: e.signature, value: e.selector, note: e.human })) })
    sections.push(
      { title: 'Human-readable', rows: [{ label: 'signatures', value: human }] },
      { title: 'JSON', rows: [{ label: 'abi', value: json }] },
      { title: 'Solidity', rows: [{ label: 'interface', value: Abi.toSolidity(abi, name) }] },
    )
    return { sections }
  },
})
