/**
 * Sign-In with Ethereum (EIP-4361): a strict parser that follows the ABNF line by line and
 * names the field that is wrong, a formatter, a list of problems a relying party should
 * refuse (expired, not yet valid, wrong domain / chain / nonce), and signature verification
 * (EIP-191 personal message, recovered with ox).
 */
import { Address } from 'ox'
import { BaseError } from '../Errors'
import * as Signing from './Signing'
import * as SignatureInspect from './SignatureInspect'

export interface Message {
  scheme?: string
  domain: string
  address: Address.Address
  statement?: string
  uri: string
  version: '1'
  chainId: bigint
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

const HEADER = ' wants you to sign in with your Ethereum account:'
export const MAX_MESSAGE = 100_000

// RFC 3986 pieces, as regular expressions.
const unreserved = "A-Za-z0-9\\-._~"
const subDelims = "!$&'()*+,;="
const pct = '%[0-9A-Fa-f]{2}'
const regName = `(?:[${unreserved}${subDelims}]|${pct})*`
const ipLiteral = '\\[[0-9A-Fa-f:.]+\\]'
const userinfo = `(?:(?:[${unreserved}${subDelims}:]|${pct})*@)?`
const authorityRe = new RegExp(`^${userinfo}(?:${ipLiteral}|${regName})(?::\\d*)?$`)
const pchar = `(?:[${unreserved}${subDelims}:@]|${pct})`
const uriRe = new RegExp(`^[A-Za-z][A-Za-z0-9+\\-.]*:(?:[${unreserved}${subDelims}:@/?#\\[\\]]|${pct})*$`)
const requestIdRe = new RegExp(`^${pchar}*$`)
const dateTimeRe = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

/** True for an RFC 3339 date-time that names a real instant (no 31 February). */
export function isDateTime(s: string): boolean {
  const m = dateTimeRe.exec(s)
  if (!m) return false
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]
  if (!days || d < 1 || d > days || h > 23 || mi > 59 || se > 60) return false
  if (m[8] !== 'Z' && m[8] !== 'z') {
    const [oh, om] = m[8]!.slice(1).split(':').map(Number) as [number, number]
    if (oh > 23 || om > 59) return false
  }
  return !Number.isNaN(Date.parse(s.toUpperCase()))
}

/**
 * Parses a SIWE message strictly.
 *
 * @example
 * ```ts
 * Siwe.parse('example.com wants you to sign in with your Ethereum account:\n0xC02a…Cc2\n\n…').chainId // 1n
 * ```
 */
export function parse(text: string): Message {
  if (text.trim() === '') throw new SiweParseError('message', 'Enter a SIWE message.', 'It starts with "<domain> wants you to sign in with your Ethereum account:".')
  if (text.length > MAX_MESSAGE) throw new SiweParseError('message', `The message is ${text.length} characters; at most ${MAX_MESSAGE} are accepted.`, 'A SIWE message is a few lines long.')
  const lines = text.replace(/\r\n/g, '\n').split('\n')
  let i = 0
  const line0 = lines[i++] ?? ''
  if (!line0.endsWith(HEADER)) throw new SiweParseError('domain', 'The first line must end with " wants you to sign in with your Ethereum account:".', 'Copy the message exactly as the site showed it.')
  let domain = line0.slice(0, -HEADER.length)
  let scheme: string | undefined
  const sm = /^([A-Za-z][A-Za-z0-9+\-.]*):\/\/(.*)$/.exec(domain)
  if (sm) {
    scheme = sm[1]
    domain = sm[2]!
  }
  if (domain === '') throw new SiweParseError('domain', 'The domain is missing.', 'The first line starts with the site domain, e.g. example.com.')
  if (!authorityRe.test(domain)) throw new SiweParseError('domain', `"${short(domain)}" is not an RFC 3986 authority.`, 'The domain is a host name, IP or [IPv6], optionally with user@ and :port.')
  const address = lines[i++] ?? ''
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new SiweParseError('address', address === '' ? 'The address line is missing.' : `"${short(address)}" is not an address.`, 'The second line is the signer address, 0x followed by 40 hex digits.')
  if (Address.checksum(address as Address.Address) !== address)
    throw new SiweParseError('address', 'The address is not in EIP-55 checksum form.', `EIP-4361 requires the mixed-case checksum: ${Address.checksum(address as Address.Address)}.`)
  if (lines[i++] !== '') throw new SiweParseError('address', 'An empty line must follow the address.', 'Check the line breaks after the address.')
  let statement: string | undefined
  if (lines[i] === '') i++
  else {
    statement = lines[i++]
    if (statement === undefined || statement.startsWith('URI: ')) throw new SiweParseError('statement', 'The empty line before "URI:" is missing.', 'After the address: an empty line, the optional statement, then another empty line.')
    if (lines[i++] !== '') throw new SiweParseError('statement', 'The statement must be one line followed by an empty line.', 'Statements cannot contain line breaks.')
  }
  const tag = (name: string, field: string, optional: boolean): string | undefined => {
    const l = lines[i]
    if (l !== undefined && l.startsWith(`${name}: `)) {
      i++
      return l.slice(name.length + 2)
    }
    if (optional) return undefined
    const later = lines.slice(i).some((x) => x.startsWith(`${name}: `))
    throw new SiweParseError(field, later ? `"${name}:" is out of order.` : `"${name}:" is missing.`, 'The fields come in this order: URI, Version, Chain ID, Nonce, Issued At, Expiration Time, Not Before, Request ID, Resources.')
  }
  const uri = tag('URI', 'uri', false)!
  if (!uriRe.test(uri)) throw new SiweParseError('uri', `"${short(uri)}" is not an RFC 3986 URI.`, 'Write a full URI with a scheme, like https://example.com/login.')
  const version = tag('Version', 'version', false)!
  if (version !== '1') throw new SiweParseError('version', `Version is "${short(version)}"; EIP-4361 defines only version 1.`, 'Use Version: 1.')
  const chain = tag('Chain ID', 'chainId', false)!
  if (!/^\d{1,78}$/.test(chain)) throw new SiweParseError('chainId', `Chain ID "${short(chain)}" is not a number.`, 'Use a decimal EIP-155 chain id, like 1.')
  const nonce = tag('Nonce', 'nonce', false)!
  if (!/^[A-Za-z0-9]{8,}$/.test(nonce)) throw new SiweParseError('nonce', 'The nonce must be at least 8 letters or digits.', 'Relying parties generate a random alphanumeric nonce of 8 or more characters.')
  const issuedAt = tag('Issued At', 'issuedAt', false)!
  if (!isDateTime(issuedAt)) throw new SiweParseError('issuedAt', `Issued At "${short(issuedAt)}" is not an RFC 3339 date-time.`, 'Use a form like 2021-09-30T16:25:24Z.')
  const msg: Message = { domain, address: address as Address.Address, uri, version: '1', chainId: BigInt(chain), nonce, issuedAt }
  if (scheme) msg.scheme = scheme
  if (statement !== undefined) msg.statement = statement
  const exp = tag('Expiration Time', 'expirationTime', true)
  if (exp !== undefined) {
    if (!isDateTime(exp)) throw new SiweParseError('expirationTime', `Expiration Time "${short(exp)}" is not an RFC 3339 date-time.`, 'Use a form like 2021-09-30T16:25:24Z.')
    msg.expirationTime = exp
  }
  const nbf = tag('Not Before', 'notBefore', true)
  if (nbf !== undefined) {
    if (!isDateTime(nbf)) throw new SiweParseError('notBefore', `Not Before "${short(nbf)}" is not an RFC 3339 date-time.`, 'Use a form like 2021-09-30T16:25:24Z.')
    msg.notBefore = nbf
  }
  const rid = tag('Request ID', 'requestId', true)
  if (rid !== undefined) {
    if (!requestIdRe.test(rid)) throw new SiweParseError('requestId', 'The Request ID has characters a URI path segment cannot hold.', 'Use letters, digits and -._~ or percent-encoding.')
    msg.requestId = rid
  }
  if (lines[i] === 'Resources:') {
    i++
    msg.resources = []
    while (i < lines.length && lines[i]!.startsWith('- ')) {
      const r = lines[i++]!.slice(2)
      if (!uriRe.test(r)) throw new SiweParseError('resources', `Resource ${msg.resources.length + 1} "${short(r)}" is not an RFC 3986 URI.`, 'Each resource is one URI on its own line, after "- ".')
      msg.resources.push(r)
    }
  }
  if (i < lines.length) {
    const l = lines[i]!
    const known = ['URI', 'Version', 'Chain ID', 'Nonce', 'Issued At', 'Expiration Time', 'Not Before', 'Request ID'].find((n) => l.startsWith(`${n}: `)) ?? (l === 'Resources:' ? 'Resources' : undefined)
    throw new SiweParseError(known ? fieldOf(known) : 'message', known ? `"${known}" is out of order.` : `Unexpected line ${i + 1}: "${short(l)}".`, 'The fields come in this order: URI, Version, Chain ID, Nonce, Issued At, Expiration Time, Not Before, Request ID, Resources.')
  }
  return msg
}

function fieldOf(tag: string): string {
  return { URI: 'uri', Version: 'version', 'Chain ID': 'chainId', Nonce: 'nonce', 'Issued At': 'issuedAt', 'Expiration Time': 'expirationTime', 'Not Before': 'notBefore', 'Request ID': 'requestId', Resources: 'resources' }[tag] ?? 'message'
}

/** Writes a message in the EIP-4361 format (the exact text that gets signed). */
export function format(m: Message): string {
  const out = [`${m.scheme ? `${m.scheme}://` : ''}${m.domain}${HEADER}`, m.address, '']
  if (m.statement !== undefined) out.push(m.statement, '')
  else out.push('')
  out.push(`URI: ${m.uri}`, `Version: ${m.version}`, `Chain ID: ${m.chainId}`, `Nonce: ${m.nonce}`, `Issued At: ${m.issuedAt}`)
  if (m.expirationTime) out.push(`Expiration Time: ${m.expirationTime}`)
  if (m.notBefore) out.push(`Not Before: ${m.notBefore}`)
  if (m.requestId !== undefined) out.push(`Request ID: ${m.requestId}`)
  if (m.resources) out.push('Resources:', ...m.resources.map((r) => `- ${r}`))
  return out.join('\n')
}

export interface Problem {
  field: string
  message: string
}

/** What a relying party should refuse, at `now`, given what it expects. */
export function problems(m: Message, options: { now?: Date; domain?: string; chainId?: bigint; nonce?: string } = {}): Problem[] {
  const now = (options.now ?? new Date()).getTime()
  const p: Problem[] = []
  if (m.expirationTime && Date.parse(m.expirationTime.toUpperCase()) <= now) p.push({ field: 'expirationTime', message: `Expired at ${new Date(Date.parse(m.expirationTime.toUpperCase())).toISOString()}.` })
  if (m.notBefore && Date.parse(m.notBefore.toUpperCase()) > now) p.push({ field: 'notBefore', message: `Not valid before ${new Date(Date.parse(m.notBefore.toUpperCase())).toISOString()}.` })
  if (m.chainId === 0n) p.push({ field: 'chainId', message: 'Chain ID 0 is not a valid EIP-155 chain.' })
  if (options.domain && options.domain !== m.domain) p.push({ field: 'domain', message: `The message is for ${m.domain}, not ${options.domain}: possible phishing.` })
  if (options.chainId !== undefined && options.chainId !== m.chainId) p.push({ field: 'chainId', message: `The message is for chain ${m.chainId}, not ${options.chainId}.` })
  if (options.nonce && options.nonce !== m.nonce) p.push({ field: 'nonce', message: `The nonce ${m.nonce} is not the expected ${options.nonce}.` })
  return p
}

export const FIELD_LABELS: [keyof Message, string][] = [
  ['scheme', 'Scheme'],
  ['domain', 'Domain'],
  ['address', 'Address'],
  ['statement', 'Statement'],
  ['uri', 'URI'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
  ['notBefore', 'Not Before'],
  ['requestId', 'Request ID'],
  ['resources', 'Resources'],
]

export interface Inspection {
  /** The strictly parsed message, when it is well formed. */
  message?: Message
  /** Every field found, in message order, as text. */
  fields: { field: keyof Message; label: string; value: string }[]
  /** Problems, each on a field: the parse error (malformed), then expiry, not-before, expectations. */
  problems: Problem[]
}

/**
 * Lists a message's fields with the problems found, even when it is malformed: the strict
 * parse error is reported on its field and the other fields are still shown.
 *
 * @example
 * ```ts
 * Siwe.inspect(text, { domain: 'example.com' }).problems // [{ field: 'chainId', message: 'Chain ID "?" is not a number.' }]
 * ```
 */
export function inspect(text: string, options: Parameters<typeof problems>[1] = {}): Inspection {
  try {
    const message = parse(text)
    const fields = FIELD_LABELS.filter(([k]) => message[k] !== undefined).map(([field, label]) => {
      const v = message[field]!
      return { field, label, value: Array.isArray(v) ? v.join('\n') : String(v) }
    })
    return { message, fields, problems: problems(message, options) }
  } catch (e) {
    if (!(e instanceof SiweParseError)) throw e
    const found = lenient(text)
    const fields = FIELD_LABELS.filter(([k]) => found[k] !== undefined).map(([field, label]) => ({ field, label, value: found[field]! }))
    return { fields, problems: [{ field: e.field ?? 'message', message: `Malformed: ${e.shortMessage} ${e.hints.join(' ')}`.trim() }] }
  }
}

/** Best-effort field extraction from a message that does not parse. */
function lenient(text: string): Partial<Record<keyof Message, string>> {
  const lines = text.replace(/\r\n/g, '\n').split('\n').slice(0, 200)
  const out: Partial<Record<keyof Message, string>> = {}
  const first = lines[0] ?? ''
  if (first.includes(' wants you to sign in')) {
    const d = first.slice(0, first.indexOf(' wants you to sign in'))
    const m = /^([A-Za-z][A-Za-z0-9+\-.]*):\/\/(.*)$/.exec(d)
    if (m) {
      out.scheme = m[1]!
      out.domain = m[2]!
    } else out.domain = d
  }
  if (lines[1] && /^0x/i.test(lines[1])) out.address = lines[1]
  const tags: [string, keyof Message][] = [['URI', 'uri'], ['Version', 'version'], ['Chain ID', 'chainId'], ['Nonce', 'nonce'], ['Issued At', 'issuedAt'], ['Expiration Time', 'expirationTime'], ['Not Before', 'notBefore'], ['Request ID', 'requestId']]
  for (const l of lines) for (const [tag, key] of tags) if (l.startsWith(`${tag}: `) && out[key] === undefined) out[key] = l.slice(tag.length + 2)
  const r = lines.indexOf('Resources:')
  if (r >= 0) out.resources = lines.slice(r + 1).filter((l) => l.startsWith('- ')).map((l) => l.slice(2)).join('\n')
  if (lines[2] === '' && lines[3] && lines[3] !== '' && !lines[3].startsWith('URI: ')) out.statement = lines[3]
  return out
}

export interface Verified {
  recovered: Address.Address
  valid: boolean
}

/** Verifies the signature of the message text against its address (EIP-191 personal_sign). */
export function verify(text: string, signature: string): Verified {
  const sig = SignatureInspect.parse(signature)
  const recovered = SignatureInspect.recover(sig, Signing.hashMessage(Signing.messageBytes(text, 'text'))).address
  let address: Address.Address | undefined
  try {
    address = parse(text).address
  } catch {
    address = undefined // a malformed message is never valid
  }
  return { recovered, valid: recovered === address }
}

function short(s: string): string {
  return s.length > 50 ? `${s.slice(0, 50)}…` : s
}

export class SiweParseError extends BaseError {
  constructor(field: string, message: string, hint: string) {
    super('Siwe.SiweParseError', message, { field, hints: [hint] })
  }
}
