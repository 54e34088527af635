import * as Abi from '../../core/abi/Abi'
import * as AbiCodec from '../../core/abi/AbiCodec'
import * as AbiLayout from '../../core/abi/AbiLayout'
import * as Calldata from '../../core/abi/CalldataEncode'
import { defineTool } from '../define'
import type { Parsed, RawInput } from '../types'
import { wordRows } from '../kit/abiRows'
import { isBaseError, toErrorInfo } from '../../core/Errors'
import { messageOf } from '../define'
import meta from './meta'
import { bytes } from '../kit/text'

export interface Input {
  abiText: string
  /** The function, or the constructor's inputs. */
  target: { kind: 'function'; item: Abi.FunctionItem } | { kind: 'constructor'; inputs: AbiCodec.Params }
  values: unknown[]
}

/** The function (or constructor) the fields name. */
export function target(abi: Abi.Abi, fn: string): Input['target'] {
  if (fn.trim() === 'constructor') {
    const c = abi.find((i) => i.type === 'constructor') as { inputs: AbiCodec.Params } | undefined
    return { kind: 'constructor', inputs: c?.inputs ?? [] }
  }
  return { kind: 'function', item: Abi.pickFunction(abi, fn) }
}

/** ABI text longer than this is parsed (and the call encoded) in the tool's worker: a large ABI takes longer than a frame to parse. */
export const WORKER_ABI_CHARS = 4096

export function parse(raw: RawInput): Parsed<Input> {
  const errors: Record<string, string> = {}
  const fail = (field: string, e: unknown) => {
    const info = toErrorInfo(e)
    errors[isBaseError(e) && e.field && ['abi', 'function', 'args'].includes(e.field) ? e.field : field] = messageOf(info)
  }
  let abi: Abi.Abi | undefined
  try {
    abi = Abi.parse(raw.abi ?? '')
  } catch (e) {
    fail('abi', e)
  }
  let t: Input['target'] | undefined
  if (abi)
    try {
      t = target(abi, raw.function ?? '')
    } catch (e) {
      fail('function', e)
    }
  let values: unknown[] | undefined
  if (t)
    try {
      const params = t.kind === 'function' ? t.item.inputs : t.inputs
      values = AbiCodec.coerceAll(params, AbiCodec.parseJsonValues(raw.args ?? ''))
    } catch (e) {
      fail('args', e)
    }
  if (Object.keys(errors).length || !t || !values) return { ok: false, errors }
  return { ok: true, value: { abiText: raw.abi ?? '', target: t, values } }
}

export default defineTool<Input>(meta, {
  parse,
  // A large ABI is parsed, and the call encoded, in the tool's worker: the page's typing never waits for it.
  placeOf: (raw) => ((raw.abi ?? '').length > WORKER_ABI_CHARS ? 'worker' : 'main'),
  run: ({ abiText, target: t, values }) => {
    const params = t.kind === 'function' ? t.item.inputs : t.inputs
    const args = AbiCodec.encode(params, values)
    const data = t.kind === 'function' ? Calldata.encodeCall(t.item, values) : args
    const selector = t.kind === 'function' ? Calldata.selectorOf(t.item) : undefined
    const words = AbiLayout.layout(AbiCodec.compileAll(params), params.map((p, i) => p.name || `arg${i}`), AbiCodec.toBytes(args), selector ? 4 : 0)
    const head =
      t.kind === 'function'
        ? [
            { label: 'call data', value: data, open: { tool: 'calldata-decode', inputs: { data, abi: abiText }, label: 'Decode it' } },
            { label: 'selector', value: selector! },
            { label: 'function', value: Abi.entries([t.item])[0]!.signature, note: Abi.humanOf(t.item) },
            { label: 'size', value: bytes((data.length - 2) / 2), mono: false, copy: false },
          ]
        : [
            { label: 'constructor arguments', value: data, note: 'Append these to the contract bytecode to deploy.' },
            { label: 'size', value: bytes((data.length - 2) / 2), mono: false, copy: false },
          ]
    return { sections: [{ title: 'Call data', rows: head }, { title: 'Words', rows: wordRows(words, selector) }] }
  },
})
