import * as AddressCheck from '../../core/AddressCheck'
import * as Ens from '../../core/Ens'
import * as EnsResolve from '../../core/EnsResolve'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'

type Query = { kind: 'name'; name: string; normalized: string } | { kind: 'address'; address: `0x${string}` }
interface Input extends Record<string, unknown> {
  query: Query
}

export const parse = fieldParser<Input>({
  query: (v) => {
    const t = v.trim()
    if (/^0x[0-9a-fA-F]*$/.test(t)) return { kind: 'address', address: AddressCheck.parseChecksummed(t) }
    return { kind: 'name', name: t, normalized: Ens.parseName(t) }
  },
})

const openAccount = (a: string) => ({ tool: 'account', inputs: { address: a }, label: 'Inspect' })

export default defineTool<Input>(meta, {
  parse,
  async run({ query }, ctx): Promise<ToolResult> {
    const local: Row[] =
      query.kind === 'name'
        ? [
            { label: 'Name', value: query.name },
            { label: 'Normalized', value: query.normalized, note: 'ENSIP-15' },
            { label: 'Namehash', value: Ens.namehash(query.normalized), note: 'ENSIP-1' },
          ]
        : [
            { label: 'Address', value: query.address, open: openAccount(query.address) },
            { label: 'Reverse name', value: EnsResolve.reverseName(query.address) },
            { label: 'Namehash', value: Ens.namehash(EnsResolve.reverseName(query.address)), note: 'ENSIP-1' },
          ]
    try {
      if (query.kind === 'name') {
        const r = await EnsResolve.resolve(ctx.rpc, query.normalized)
        return {
          sections: [
            { title: 'Resolved', rows: [{ label: 'Address', value: r.address, tone: 'ok', open: openAccount(r.address) }, { label: 'Resolver', value: r.resolver, open: openAccount(r.resolver) }] },
            { title: 'Name', rows: local },
          ],
        }
      }
      const r = await EnsResolve.lookup(ctx.rpc, query.address)
      return {
        ...(r.verified ? {} : { notes: [{ tone: 'warn' as const, text: `The reverse record claims "${r.name}", but that name does not resolve back to this address: do not trust it.` }] }),
        sections: [
          {
            title: 'Primary name',
            rows: [
              { label: 'Primary name', value: r.name, tone: r.verified ? 'ok' : 'warn', open: { tool: 'ens-resolve', inputs: { query: r.name }, label: 'Resolve' } },
              { label: 'Verified', value: r.verified ? 'yes: the name resolves back to this address' : `no: it resolves to ${r.forward ?? 'nothing'}`, mono: false },
            ],
          },
          { title: 'Address', rows: local },
        ],
      }
    } catch (e) {
      if (e instanceof EnsResolve.NoRegistryError || e instanceof EnsResolve.NotFoundError)
        return { notes: [{ tone: e instanceof EnsResolve.NoRegistryError ? 'error' : 'warn', text: `${e.shortMessage} ${e.hints.join(' ')}` }], sections: [{ rows: local }] }
      throw e
    }
  },
})
