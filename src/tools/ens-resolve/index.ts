import * as AddressCheck from '../../core/address/AddressCheck'
import * as CastCommand from '../../core/chain/CastCommand'
import { castSection } from '../kit/castRow'
import * as Ccip from '../../core/ens/Ccip'
import * as Chains from '../../core/chain/Chains'
import * as ConnectPolicy from '../../core/chain/ConnectPolicy'
import * as EnsAvatar from '../../core/ens/EnsAvatar'
import { BaseError } from '../../core/Errors'
import * as Ens from '../../core/ens/Ens'
import * as EnsResolve from '../../core/ens/EnsResolve'
import { defineTool, fieldParser } from '../define'
import type { Note, Row, ToolResult } from '../types'
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

/** A record whose answer is malformed: marked, with the reason, and nothing to copy. */
const invalidRow = (label: string, reason: string): Row => ({ label, value: `not valid: ${reason}`, tone: 'error', mono: false, copy: false })

const openAccount = (a: string) => ({ tool: 'account', inputs: { address: a }, label: 'Inspect' })

/** The avatar record read (ENSIP-12): its kind, and for an NFT its owner check and metadata (fetched only from an allowed host). The image itself is named, not fetched. */
async function avatarRows(record: string, owner: string, rpc: import('../types').RunContext['rpc'], options: EnsAvatar.Options): Promise<{ rows: Row[]; note?: string }> {
  const rows: Row[] = []
  try {
    const a = EnsAvatar.parse(record)
    if (a.kind === 'url') rows.push({ label: 'Avatar image URL', value: a.url, note: `On ${a.host}: not fetched by this page.` })
    else if (a.kind === 'data') rows.push({ label: 'Avatar image', value: `data: URI (${a.mediaType}, ${record.length} characters)`, mono: false })
    else if (a.kind === 'unsupported') rows.push({ label: 'Avatar', value: a.url, note: a.reason })
    else {
      rows.push({ label: 'Avatar NFT', value: `${a.standard.toUpperCase()} ${a.contract} #${a.tokenId}`, mono: false, note: `chain ${a.chainId}` })
      const connected = await Chains.chainId(rpc)
      if (connected !== a.chainId) return { rows, note: `The avatar NFT is on chain ${a.chainId}; the node is on chain ${connected}, so it was not read.` }
      const n = await EnsAvatar.resolveNft(rpc, a, owner, options).catch((e: unknown) => {
        if (e instanceof EnsAvatar.HostNotAllowedError || e instanceof EnsAvatar.MetadataError || e instanceof ConnectPolicy.NotAllowedError) return e
        throw e
      })
      if (n instanceof BaseError) return { rows, note: `${n.shortMessage} ${n.hints.join(' ')}` }
      rows.push({ label: 'Avatar NFT owner', value: n.owned ? `${owner} (the name's address)` : 'not the name\'s address', tone: n.owned ? 'ok' : 'warn', mono: false })
      rows.push({ label: 'Avatar metadata URL', value: n.metadataUrl })
      if (n.image) rows.push({ label: 'Avatar image URL', value: n.image, note: 'Named by the metadata: not fetched by this page.' })
      if (!n.owned) return { rows, note: 'The name\'s address does not own the avatar NFT: ENSIP-12 says not to show it.' }
    }
  } catch (e) {
    if (!(e instanceof EnsAvatar.InvalidRecordError)) throw e
    return { rows, note: e.shortMessage }
  }
  return { rows }
}

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
        // each record read on its own: a malformed answer marks its own row, the valid ones still show (#28)
        const r = await EnsResolve.findResolver(ctx.rpc, query.normalized)
        const a = await EnsResolve.addressRecord(ctx.rpc, r, ccip)
        if ('value' in a && !a.value) throw new EnsResolve.NotFoundError(`"${r.name}" has no address record.`, 'Its owner has not set an Ethereum address for it.')
        const address = 'value' in a ? a.value : null
        const resolved: Row[] = [
          address ? { label: 'Address', value: address, tone: 'ok', open: openAccount(address) } : invalidRow('Address', 'invalid' in a ? a.invalid : ''),
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
          ? t.map((x) => ('invalid' in x ? invalidRow(`Text: ${x.key}`, x.invalid) : { label: `Text: ${x.key}`, value: x.value, mono: false, ...(x.key === 'avatar' ? { note: 'The record only: the image is not fetched (it would contact another host).' } : {}) }))
          : [{ label: 'Text records', value: `none of ${EnsResolve.TEXT_KEYS.join(', ')}`, mono: false, copy: false }]
        const avatarRecord = t.find((x) => x.key === 'avatar' && 'value' in x)
        const avatar = avatarRecord && 'value' in avatarRecord && address ? await avatarRows(avatarRecord.value, address, ctx.rpc, lookup && ctx.fetch ? { fetch: ctx.fetch, allowedHosts: allowHosts, onRequest: (url) => contacted.push({ label: 'Avatar metadata GET', value: url }) } : {}) : undefined
        const invalid = [...(address ? [] : ['the address']), ...t.filter((x) => 'invalid' in x).map((x) => `"${x.key}"`)]
        const notes: Note[] = [
          ...(invalid.length ? [{ tone: 'warn' as const, text: `The resolver's answer for ${invalid.join(', ')} is malformed: marked below with the reason, not shown as a value. The other records are as the resolver answered them.` }] : []),
          ...(avatar?.note ? [{ tone: 'warn' as const, text: avatar.note }] : []),
        ]
        return {
          ...(notes.length ? { notes } : {}),
          sections: [
            { title: 'Resolved', rows: resolved },
            ...(avatar ? [{ title: 'Avatar (ENSIP-12)', rows: avatar.rows }] : []),
            { title: 'Text records', rows: textRows },
            ...(contacted.length ? [{ title: 'Off-chain lookups (hosts you allowed)', rows: contacted }] : []),
            { title: 'Name', rows: local },
            ...castSection([CastCommand.resolveName(query.normalized)], ctx.rpcUrl),
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
          ...castSection([CastCommand.lookupAddress(query.address)], ctx.rpcUrl),
        ],
      }
    } catch (e) {
      if (e instanceof EnsResolve.NoRegistryError || e instanceof EnsResolve.NotFoundError || e instanceof EnsResolve.OffchainLookupError || e instanceof Ccip.GatewayError || e instanceof Ccip.NoUsableUrlError)
        return { notes: [{ tone: e instanceof EnsResolve.NoRegistryError ? 'error' : 'warn', text: `${e.shortMessage} ${e.hints.join(' ')}` }], sections: [{ rows: local }] }
      throw e
    }
  },
})
