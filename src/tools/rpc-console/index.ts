import * as JsonText from '../../core/format/JsonText'
import * as ChainFormat from '../../core/chain/ChainFormat'
import { BaseError } from '../../core/Errors'
import * as Rpc from '../../core/chain/Rpc'
import * as RpcConsole from '../../core/chain/RpcConsole'
import * as NodeViews from '../../core/chain/NodeViews'
import * as Chains from '../../core/chain/Chains'
import * as GenesisName from '../../core/chain/GenesisName'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  mode: 'single' | 'batch'
  method: string
  params: unknown[]
  batch: RpcConsole.Request[]
}

class ParamsError extends BaseError {
  constructor(message: string) {
    super('RpcConsole.ParamsError', message, { hints: ['Write the params as a JSON array, like ["0xf39F…2266", "latest"] or [] for none.'] })
  }
}

export const parse = fieldParser<Input>({
  mode: (v) => (v === 'batch' ? 'batch' : 'single'),
  batch: (v, raw) => (raw.mode === 'batch' ? RpcConsole.parseBatch(v) : []),
  method: (v, raw) => {
    if (raw.mode === 'batch') return ''
    const m = v.trim()
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(m)) throw new Rpc.InvalidMethodError(m)
    return m
  },
  params: (v, raw) => {
    if (raw.mode === 'batch') return []
    const t = v.trim() || '[]'
    if (t.length > 1_000_000) throw new ParamsError('The params are longer than 1 MB.')
    let p: unknown
    try {
      p = JSON.parse(t)
    } catch (e) {
      throw new ParamsError(`The params are not valid JSON: ${JsonText.problem(t, e)}.`)
    }
    if (!Array.isArray(p)) throw new ParamsError('The params must be a JSON array.')
    return p
  },
})

/** What the console page reads from a result (structured-clone safe): the response as JSON text. */
export interface RpcData {
  response: string
}

/** The chain's names: from the chain id list, and cast chain's (by the genesis block's hash, read from the node). */
async function chainRows(id: number, rpc: Parameters<typeof GenesisName.read>[0], url: string | undefined): Promise<Row[]> {
  const byId: Row = { label: 'Name (by chain id)', value: Chains.name(id), mono: false }
  try {
    const g = await GenesisName.read(rpc, url ? { url } : {})
    return [
      byId,
      { label: 'cast chain', value: g.name, note: g.name === 'unknown' ? 'cast names a chain by its genesis block, and does not know this one (a devnet, or a chain missing from its list).' : 'named by the genesis block (and the DAO fork block or block 1 where two chains share one), as cast chain does.' },
      { label: 'Genesis block hash', value: g.genesis },
    ]
  } catch (e) {
    return [byId, { label: 'cast chain', value: `the genesis block could not be read: ${e instanceof Error ? e.message : String(e)}`, mono: false, tone: 'warn' }]
  }
}

/** An answer as indented JSON: an object or array keeps its lines (Row.lines), a scalar stays a plain value. */
const document = (label: string, json: string): Row => ({ label, value: json, ...(json.includes('\n') ? { lines: true } : {}) })

export default defineTool<Input, RpcData>(meta, {
  parse,
  async run({ mode, method, params, batch }, ctx) {
    const endpoint = { label: 'Endpoint', value: ctx.rpcUrl ? RpcConsole.maskUrl(ctx.rpcUrl) : 'the connected node' }
    if (mode === 'batch') {
      const t0 = Date.now()
      const r = await RpcConsole.batch(ctx.rpc, ctx.rpcUrl, batch)
      const ms = Date.now() - t0
      const rows: Row[] = r.answers.map((a, i) =>
        a.error
          ? { label: `${i + 1}. ${a.method}`, value: `error ${a.error.code}: ${a.error.message}`, tone: 'error' as const, mono: false }
          : document(`${i + 1}. ${a.method}`, ChainFormat.json(a.result)),
      )
      const response = ChainFormat.json(r.answers.map((a) => (a.error ? { error: a.error } : { result: a.result })))
      const meta: Row[] = [
        { label: 'Sent as', value: r.asBatch ? `one JSON-RPC batch of ${batch.length} (one HTTP request)` : `${batch.length} separate requests (this provider takes no batches)`, mono: false },
        endpoint,
        { label: 'Time', value: `${ms} ms`, copy: false },
      ]
      if (ctx.rpcUrl) meta.push({ label: 'As curl', value: RpcConsole.curl(ctx.rpcUrl, batch) })
      const out: ToolResult<RpcData> = { sections: [{ title: 'Answers', rows }, { rows: meta }], data: { response } }
      return out
    }
    const t0 = Date.now()
    const result = await Rpc.request(ctx.rpc, method, params, { url: ctx.rpcUrl })
    const ms = Date.now() - t0
    const response = ChainFormat.json(result)
    const rows: Row[] = [document('Response', response)]
    if (typeof result === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(result) && result.length < 66) rows.push({ label: 'As a number', value: BigInt(result).toString() })
    rows.push({ label: 'Method', value: method }, endpoint, { label: 'Time', value: `${ms} ms`, copy: false })
    if (ctx.rpcUrl) rows.push({ label: 'As curl', value: RpcConsole.curl(ctx.rpcUrl, { method, params }) }, { label: 'As cast', value: RpcConsole.castCommand(ctx.rpcUrl, method, params) })
    // The transaction pool, Parity traces and Merkle proofs read as cast tx-pool / trace / proof show them, beside the raw answer.
    const decoded = NodeViews.view(method, result)
    const sections: ToolResult['sections'] = decoded ? [{ title: method.startsWith('trace_') ? 'Trace frames' : method === 'eth_getProof' ? 'Proof' : 'Transaction pool', rows: decoded.map((r) => ({ ...r, mono: true })) }, { rows }] : [{ rows }]
    if (method === 'eth_chainId' && typeof result === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(result)) sections.unshift({ title: 'Chain', rows: await chainRows(Number(result), ctx.rpc, ctx.rpcUrl) })
    const out: ToolResult<RpcData> = { sections, data: { response } }
    return out
  },
})
