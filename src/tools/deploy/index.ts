import * as Abi from '../../core/abi/Abi'
import * as AbiCodec from '../../core/abi/AbiCodec'
import * as Deploy from '../../core/abi/Deploy'
import { defineTool, errorCollector } from '../define'
import type { Parsed, RawInput } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  bytecode: `0x${string}`
  abi: Abi.Abi | undefined
  abiText: string
  args: unknown[]
}

export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const bytecode = at('bytecode', () => Deploy.parseBytecode(raw.bytecode ?? ''))
  const abiText = raw.abi ?? ''
  const abi = at('abi', () => (abiText.trim() ? Abi.parse(abiText) : undefined))
  let args: unknown[] | undefined = []
  if (!errors.abi) {
    const inputs = Deploy.constructorOf(abi)?.inputs ?? []
    args = at('args', () => {
      const values = (raw.args ?? '').trim() === '' ? [] : AbiCodec.parseJsonValues(raw.args ?? '')
      return AbiCodec.coerceAll(inputs, values)
    })
  }
  if (Object.keys(errors).length) return { ok: false, errors }
  return { ok: true, value: { bytecode: bytecode!, abi, abiText, args: args! } }
}

export default defineTool<Input>(meta, {
  parse,
  run(input) {
    const d = Deploy.initCode(input.bytecode, input.abi, input.args)
    return {
      sections: [
        {
          rows: [
            { label: 'Constructor', value: d.signature },
            { label: 'Encoded arguments', value: d.args, note: d.args === '0x' ? 'No arguments.' : `${(d.args.length - 2) / 2} bytes` },
            {
              label: 'Init code with arguments',
              value: d.data,
              note: `${d.bytecodeBytes} bytes of code + ${(d.args.length - 2) / 2} bytes of arguments. Send it with no recipient to deploy.`,
              open: { tool: 'send-transaction', inputs: { to: '', data: d.data, value: '0' }, label: 'Deploy with send-transaction' },
            },
          ],
        },
      ],
      data: { initCode: d.data },
    }
  },
})
