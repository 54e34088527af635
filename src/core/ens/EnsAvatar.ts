/**
 * ENS avatars (ENSIP-12): the `avatar` text record is an https URL, a data: URI, or an NFT
 * (`eip155:<chain>/erc721:<contract>/<tokenId>`, `…/erc1155:…`). An NFT is read through the
 * chain: its owner must be the name's address (ENSIP-12), then `tokenURI(id)` / `uri(id)`
 * gives the metadata URL, whose `image` is the picture.
 *
 * Hosts other than the node are contacted only with a fetch and the host among the hosts the
 * person allowed (as for CCIP-read); otherwise `EnsAvatar.HostNotAllowedError` names the host.
 * Only https (or http on loopback) and data: URIs are followed; ipfs:, ar: and plain http are
 * shown, not fetched.
 *
 * @example
 * ```ts
 * EnsAvatar.parse('eip155:1/erc721:0xb47e…/42') // { kind: 'nft', standard: 'erc721', chainId: 1, … }
 * ```
 */
import { AbiFunction, AbiParameters, Address, Base64 } from 'ox'
import * as Ccip from './Ccip'
import * as ChainCall from '../chain/ChainCall'
import * as ConnectPolicy from '../chain/ConnectPolicy'
import { BaseError } from '../Errors'
import * as ReadBody from '../ReadBody'
import type * as Rpc from '../chain/Rpc'

export type Avatar =
  | { kind: 'url'; url: string; host: string }
  | { kind: 'data'; url: string; mediaType: string }
  | { kind: 'nft'; standard: 'erc721' | 'erc1155'; chainId: number; contract: `0x${string}`; tokenId: bigint }
  | { kind: 'unsupported'; url: string; reason: string }

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/

/** Reads an avatar record. Throws `EnsAvatar.InvalidRecordError` for an NFT reference that does not parse. */
export function parse(record: string): Avatar {
  const r = record.trim()
  const nft = /^eip155:(\d{1,12})\/(erc721|erc1155):(0x[0-9a-fA-F]{40})\/(\d{1,78})$/i.exec(r)
  if (nft) {
    const tokenId = BigInt(nft[4]!)
    if (tokenId >= 2n ** 256n) throw new InvalidRecordError(r, 'the token id is above 2^256 - 1')
    return { kind: 'nft', standard: nft[2]!.toLowerCase() as 'erc721' | 'erc1155', chainId: Number(nft[1]), contract: Address.checksum(nft[3]! as `0x${string}`), tokenId }
  }
  if (/^eip155:/i.test(r)) throw new InvalidRecordError(r, 'an NFT avatar is eip155:<chain id>/erc721:<contract>/<token id> (or erc1155)')
  if (/^data:/i.test(r)) return { kind: 'data', url: r, mediaType: /^data:([^;,]*)/i.exec(r)?.[1] || 'text/plain' }
  const host = Ccip.hostOf(r)
  if (host && (/^https:/i.test(r) || LOOPBACK.test(host))) return { kind: 'url', url: r, host }
  if (/^(ipfs|ipns|ar):/i.test(r)) return { kind: 'unsupported', url: r, reason: `a ${r.split(':')[0]!.toLowerCase()}: URI needs a gateway host; not fetched` }
  if (host) return { kind: 'unsupported', url: r, reason: 'plain http to another host; only https is fetched' }
  return { kind: 'unsupported', url: r, reason: 'not a URL this page reads' }
}

/** The largest NFT metadata body read (ERC-721/1155 metadata is a few KiB; an inline image_data may be larger): the read stops there while it streams. */
export const MAX_METADATA_BYTES = 1024 * 1024

const ownerOfFn = AbiFunction.from('function ownerOf(uint256 id) view returns (address)')
const balanceOfFn = AbiFunction.from('function balanceOf(address owner, uint256 id) view returns (uint256)')
const tokenUriFn = AbiFunction.from('function tokenURI(uint256 id) view returns (string)')
const uriFn = AbiFunction.from('function uri(uint256 id) view returns (string)')

export interface NftAvatar {
  /** The name's address owns the token (ENSIP-12: otherwise the avatar is not to be shown). */
  owned: boolean
  /** tokenURI / uri, with ERC-1155's {id} filled in. */
  metadataUrl: string
  /** The metadata's `image` (or `image_url` / `image_data`), when the metadata was fetched. */
  image?: string
}

export interface Options {
  fetch?: Ccip.Fetch
  allowedHosts?: readonly string[]
  onRequest?: (url: string) => void
}

async function callString(rpc: Rpc.Eip1193Like | undefined, to: string, fn: AbiFunction.AbiFunction, args: unknown[]): Promise<string> {
  const raw = await ChainCall.call(rpc, { to, data: AbiFunction.encodeData(fn, args as never) })
  try {
    return String((AbiParameters.decode(fn.outputs, raw) as unknown[])[0])
  } catch {
    throw new InvalidRecordError(`${fn.name}(…)`, `the contract's ${fn.name} did not return a string`)
  }
}

/**
 * Reads an NFT avatar on the connected chain: owner check, then the metadata URL; the metadata
 * is fetched only from an allowed host (or a data: URI), to read its image.
 */
export async function resolveNft(rpc: Rpc.Eip1193Like | undefined, a: Extract<Avatar, { kind: 'nft' }>, owner: string, options: Options = {}): Promise<NftAvatar> {
  let owned: boolean
  let metadataUrl: string
  if (a.standard === 'erc721') {
    const raw = await ChainCall.call(rpc, { to: a.contract, data: AbiFunction.encodeData(ownerOfFn, [a.tokenId]) })
    const [who] = AbiParameters.decode(ownerOfFn.outputs, raw) as [string]
    owned = who.toLowerCase() === owner.toLowerCase()
    metadataUrl = await callString(rpc, a.contract, tokenUriFn, [a.tokenId])
  } else {
    const raw = await ChainCall.call(rpc, { to: a.contract, data: AbiFunction.encodeData(balanceOfFn, [owner as `0x${string}`, a.tokenId]) })
    owned = (AbiParameters.decode(balanceOfFn.outputs, raw) as [bigint])[0] > 0n
    metadataUrl = (await callString(rpc, a.contract, uriFn, [a.tokenId])).split('{id}').join(a.tokenId.toString(16).padStart(64, '0'))
  }
  const out: NftAvatar = { owned, metadataUrl }
  const meta = await fetchMetadata(metadataUrl, options)
  const image = meta && typeof meta === 'object' ? ((meta as Record<string, unknown>).image ?? (meta as Record<string, unknown>).image_url ?? (meta as Record<string, unknown>).image_data) : undefined
  if (typeof image === 'string' && image !== '') out.image = image.slice(0, 4096)
  return out
}

async function fetchMetadata(url: string, options: Options): Promise<unknown> {
  if (/^data:application\/json/i.test(url)) {
    const comma = url.indexOf(',')
    const head = url.slice(0, comma)
    const body = url.slice(comma + 1)
    try {
      const text = /;base64$/i.test(head) ? Base64.toString(body) : decodeURIComponent(body)
      return JSON.parse(text)
    } catch {
      throw new MetadataError('the data: URI', 'is not JSON')
    }
  }
  const p = parse(url)
  if (p.kind !== 'url') throw new MetadataError(url.slice(0, 120), p.kind === 'unsupported' ? `cannot be read: ${p.reason}` : 'is not a metadata URL')
  if (!options.fetch || !(options.allowedHosts ?? []).includes(p.host)) throw new HostNotAllowedError(p.host, 'the NFT metadata')
  options.onRequest?.(url)
  let res: Awaited<ReturnType<Ccip.Fetch>>
  try {
    res = await options.fetch(url, { method: 'GET' })
  } catch (e) {
    if (e instanceof ConnectPolicy.NotAllowedError) throw e
    throw new MetadataError(p.host, 'is unreachable')
  }
  if (!res.ok) throw new MetadataError(p.host, `answered HTTP ${res.status}`)
  let text: string
  try {
    text = await ReadBody.text(res, { maxBytes: MAX_METADATA_BYTES, from: p.host })
  } catch (e) {
    if (e instanceof ReadBody.TooLargeError) throw new MetadataError(p.host, `answered more than ${ReadBody.size(e.maxBytes)}: not read further`)
    if (e instanceof ReadBody.CutOffError) throw new MetadataError(p.host, `answered, then was cut off after ${ReadBody.size(e.bytes)}`)
    throw new MetadataError(p.host, 'did not answer text')
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new MetadataError(p.host, 'did not answer JSON')
  }
}

export class InvalidRecordError extends BaseError {
  constructor(record: string, detail: string) {
    super('EnsAvatar.InvalidRecordError', `The avatar record "${record.slice(0, 120)}" cannot be read: ${detail}.`, { hints: ['ENSIP-12 avatars are https or data: URLs, or eip155:1/erc721:<contract>/<token id>.'] })
  }
}

export class HostNotAllowedError extends BaseError {
  readonly host: string
  constructor(host: string, what: string) {
    super('EnsAvatar.HostNotAllowedError', `Reading ${what} would contact ${host}, a host other than the node: not contacted without your consent.`, {
      hints: [`Contact ${host}? If you trust it, tick "Contact allowed hosts" and list it under "Allowed hosts" (kept in memory only).`],
    })
    this.host = host
  }
}

export class MetadataError extends BaseError {
  constructor(where: string, detail: string) {
    super('EnsAvatar.MetadataError', `The NFT metadata at ${where} ${detail}.`, { hints: ['The avatar cannot be shown; the record itself is listed.'] })
  }
}
