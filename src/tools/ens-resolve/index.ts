import * as AddressCheck from '../../core/AddressCheck'
import * as Ccip from '../../core/Ccip'
import * as Ens from '../../core/Ens'
import * as EnsResolve from '../../core/EnsResolve'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'

type Query = { kind: 'name'; name: string; normalized: string } | { kind: 'address'; address: `0x${string}` }
interface Input extends Record<string, unknown> {
  query: Query
  lookup: boolean
  allowHosts: string[]
}

export const parse = fieldParser<Input>({
  lookup: (v) => v === 'true',
  allowHosts: (v) => Ccip.parseHosts(v),
  query: (v) => {
    const t = v.trim()
    if (/^0x[0-9a-fA-F]*$/.test(t)) return { kind: 'address', address: AddressCheck.parseChecksummed(t) }
    return { kind: 'name', name: t, normalized: Ens.parseName(t) }
  },
})

const openAccount = (a: string) => ({ tool: 'account', inputs: { address: a }, label: 'Inspect' })

export default defineTool<Input>(meta, {
  parse,
  async run({ query, lookup, allowHosts }, ctx): Promise<ToolResult> {
    // CCIP-read: a fetch only when the person ticked the lookup (useToolRun gives none otherwise), and only to the hosts listed
    const contacted: Row[] = []
    const ccip: Ccip.Options = {
      ...(lookup && ctx.fetch ? { fetch: ctx.fetch } : {}),
      allowedHosts: lookup ? allowHosts : [],
      signal: ctx.signal,
      onRequest: (url, method) => {
        if (contacted.length < 20) contacted.push({ label: `Gateway ${method}`, value: url, note: 'CCIP-read (EIP-3668), answer verified by the resolver\'s callback on-chain' })
      },
    }
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
        const r = await EnsResolve.resolve(ctx.rpc, query.normalized, ccip)
        const resolved: Row[] = [
          { label: 'Address', value: r.address, tone: 'ok', open: openAccount(r.address) },
          { label: 'Resolver', value: r.resolver, open: openAccount(r.resolver) },
          {
            label: 'Resolver found at',
            value: r.resolverName,
            note: r.resolverName === r.name ? (r.extended ? 'The name\'s own resolver, asked through resolve(bytes,bytes) (ENSIP-10).' : 'The name\'s own registry entry.') : 'A parent name: wildcard resolution (ENSIP-10), asked through resolve(bytes,bytes) with the DNS-encoded name.',
          },
          { label: 'Wildcard (ENSIP-10)', value: r.resolverName !== r.name ? 'yes' : 'no', mono: false },
        ]
        const t = await EnsResolve.texts(ctx.rpc, r.name, EnsResolve.TEXT_KEYS, r, ccip)
        const textRows: Row[] = t.length
          ? t.map((x) => ({ label: `Text: ${x.key}`, value: x.value, mono: false, ...(x.key === 'avatar' ? { note: 'The record only: the image is not fetched (it would contact another host).' } : {}) }))
          : [{ label: 'Text records', value: `none of ${EnsResolve.TEXT_KEYS.join(', ')}`, mono: false, copy: false }]
        return {
          sections: [
            { title: 'Resolved', rows: resolved },
            { title: 'Text records', rows: textRows },
            ...(contacted.length ? [{ title: 'Off-chain lookups (hosts you allowed)', rows: contacted }] : []),
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
      if (e instanceof EnsResolve.NoRegistryError || e instanceof EnsResolve.NotFoundError || e instanceof EnsResolve.OffchainLookupError || e instanceof Ccip.GatewayError || e instanceof Ccip.NoUsableUrlError)
        return { notes: [{ tone: e instanceof EnsResolve.NoRegistryError ? 'error' : 'warn', text: `${e.shortMessage} ${e.hints.join(' ')}` }], sections: [{ rows: local }] }
      throw e
    }
  },
})
