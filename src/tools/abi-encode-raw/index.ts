import * as AbiCodec from '../../core/abi/AbiCodec'
import * as AbiLayout from '../../core/abi/AbiLayout'
import * as SolidityPacked from '../../core/hash/SolidityPacked'
import { defineTool, fieldParser } from '../define'
import type { Section } from '../types'
import { wordRows } from '../kit/abiRows'
import meta from './meta'
import { bytes } from '../kit/text'

interface Input extends Record<string, unknown> {
  types: AbiCodec.Params
  packed: boolean
  values: unknown[]
}

export const parse = fieldParser<Input>({
  // A lone "(a,b)" is a list of two types; "((a,b))" is one tuple.
  types: (v, raw) => {
    const params = AbiCodec.parseTypes(v)
    if (raw.packed === 'true')
      params.forEach((p, i) => {
        const why = SolidityPacked.refusal(p.type)
        if (why) throw new SolidityPacked.UnsupportedTypeError(i, AbiCodec.canonicalType(p), why).at('types')
      })
    return params
  },
  packed: (v) => v === 'true',
  values: (v, raw) => {
    let params: AbiCodec.Params
    try {
      params = AbiCodec.parseTypes(raw.types ?? '')
    } catch {
      return []
    }
    return AbiCodec.coerceAll(params, AbiCodec.parseJsonValues(v), 'values')
  },
})

export default defineTool<Input>(meta, {
  parse,
  run: ({ types, packed, values }) => {
    const encoded = packed ? SolidityPacked.encodeParams(types, values).hex : AbiCodec.encode(types, values)
    const sections: Section[] = [
      {
        title: packed ? 'abi.encodePacked' : 'abi.encode',
        rows: [
          { label: 'encoded', value: encoded },
          { label: 'size', value: bytes((encoded.length - 2) / 2), mono: false, copy: false },
          { label: 'types', value: AbiCodec.formatParams(types, false) },
        ],
      },
    ]
    if (!packed) {
      const words = AbiLayout.layout(AbiCodec.compileAll(types), types.map((p, i) => p.name || `arg${i}`), AbiCodec.toBytes(encoded))
      sections.push({ title: 'Words', rows: wordRows(words) })
    }
    return { sections }
  },
})
