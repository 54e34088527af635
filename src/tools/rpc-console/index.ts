import * as ChainFormat from '../../core/ChainFormat'
import { BaseError } from '../../core/Errors'
import * as Rpc from '../../core/Rpc'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  method: string
  params: unknown[]
}

class ParamsError extends BaseError {
  constructor(message: string) {
    super('RpcConsole.ParamsError', message, { hints: ['Write the params as a JSON array, like ["0xf39F…2266", "latest"] or [] for none.'] })
  }
}

export const parse = fieldParser<Input>({
  method: (v) => {
    const m = v.trim()
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(m)) throw new Rpc.InvalidMethodError(m)
    return m
  },
  params: (v) => {
    const t = v.trim() || '[]'
    if (t.length > 1_000_000) throw new ParamsError('The params are longer than 1 MB.')
    let p: unknown
    try {
      p = JSON.parse(t)
    } catch (e) {
      throw new ParamsError(`The params are not valid JSON: ${(e as Error).message.split('\n')[0]}.`)
    }
    if (!Array.isArray(p)) throw new ParamsError('The params must be a JSON array.')
    return p
  },
})

/** What the console page reads from a result (structured-clone safe): the response as JSON text. */
export interface RpcData {
  response: string
}

export default defineTool<Input>(meta, {
  parse,
  async run({ method, params }, ctx) {
    const t0 = Date.now()
    const result = await Rpc.request(ctx.rpc, method, params, { url: ctx.rpcUrl })
    const ms = Date.now() - t0
    const response = ChainFormat.json(result)
    const rows: Row[] = [{ label: 'Response', value: response }]
    if (typeof result === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(result) && result.length < 66) rows.push({ label: 'As a number', value: BigInt(result).toString() })
    rows.push({ label: 'Method', value: method }, { label: 'Endpoint', value: Rpc.shortUrl(ctx.rpcUrl ?? '') || 'the connected node' }, { label: 'Time', value: `${ms} ms`, copy: false })
    const out: ToolResult<RpcData> = { sections: [{ rows }], data: { response } }
    return out
  },
})
