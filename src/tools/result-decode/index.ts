import * as Abi from '../../core/abi/Abi'
import * as AbiCodec from '../../core/abi/AbiCodec'
import * as AbiLayout from '../../core/abi/AbiLayout'
import * as Calldata from '../../core/abi/Calldata'
import { defineTool } from '../define'
import type { Parsed, RawInput } from '../types'
import { argRows, wordRows } from '../kit/abiRows'
import { toErrorInfo } from '../../core/Errors'
import { messageOf } from '../define'
import meta from './meta'

interface Input {
  data: Uint8Array
  outputs: AbiCodec.Params
  what: string
}

/** The outputs the fields name: a function of the ABI, a signature with returns, or types. */
export function outputsOf(abiText: string, fn: string): { outputs: AbiCodec.Params; what: string } {
  const f = fn.trim()
  if (abiText.trim()) {
    const item = Abi.pickFunction(Abi.parse(abiText), f)
    return { outputs: item.outputs, what: Abi.humanOf(item) }
  }
  if (f === '') throw new AbiCodec.InvalidTypesError('Give the output types, a signature with returns, or an ABI.', ['For example (uint256,string) or function balanceOf(address) returns (uint256).'])
  if (/\breturns\b/.test(f) || /^function\b/.test(f)) {
    const item = Abi.pickFunction(Abi.parse(f), '')
    return { outputs: item.outputs, what: Abi.humanOf(item) }
  }
  // cast style f(inputs)(outputs)
  const castStyle = /^[A-Za-z_$][\w$]*\(.*?\)\s*(\(.*\))$/.exec(f)
  const outputs = AbiCodec.parseTypes(castStyle ? castStyle[1]! : f)
  return { outputs, what: `(${AbiCodec.formatParams(outputs)})` }
}

export function parse(raw: RawInput): Parsed<Input> {
  const errors: Record<string, string> = {}
  let data: Uint8Array | undefined
  try {
    data = AbiCodec.toBytes(raw.data ?? '', 'return data')
  } catch (e) {
    errors.data = messageOf(toErrorInfo(e))
  }
  let out: ReturnType<typeof outputsOf> | undefined
  try {
    out = outputsOf(raw.abi ?? '', raw.function ?? '')
  } catch (e) {
    const info = toErrorInfo(e)
    const abiProblem = e instanceof Abi.InvalidAbiError || e instanceof Abi.EmptyAbiError
    errors[info.field === 'abi' || (!!(raw.abi ?? '').trim() && abiProblem && info.field !== 'function') ? 'abi' : 'function'] = messageOf(info)
  }
  if (!data || !out) return { ok: false, errors }
  return { ok: true, value: { data, ...out } }
}

export default defineTool<Input>(meta, {
  parse,
  run: ({ data, outputs, what }) => {
    const args = Calldata.decodeResult(outputs, data)
    const words = AbiLayout.layout(AbiCodec.compileAll(outputs), outputs.map((p, i) => p.name || `arg${i}`), data)
    return {
      sections: [
        { title: 'Decoded', rows: [{ label: 'as', value: what, copy: false }, ...argRows(args)] },
        { title: 'Words', rows: wordRows(words) },
      ],
    }
  },
})
