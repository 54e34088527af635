/**
 * The verified-source host as a person gives it: a Sourcify-compatible server's base URL,
 * http(s) only, with nothing but the chain id and the address ever added to it. Kept apart
 * from VerifiedSource so that a form can check the host field without loading the fetcher,
 * the parser and the code check (they load when a lookup runs).
 *
 * @example
 * VerifiedHost.normalizeHost(' https://sourcify.example/server/ ') // 'https://sourcify.example/server'
 */
import { BaseError } from '../Errors'

/** Sourcify's public server. Any Sourcify-compatible host may be given instead. */
export const DEFAULT_HOST = 'https://sourcify.dev/server'

/** A host as given: http(s), no credentials, query or fragment; trailing slashes dropped; empty means the default. */
export function normalizeHost(host: string): string {
  const t = typeof host === 'string' ? host.trim() : ''
  if (t === '') return DEFAULT_HOST
  let u: URL
  try {
    u = new URL(t)
  } catch {
    throw new InvalidHostError(t.slice(0, 80), 'it is not a URL')
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new InvalidHostError(t.slice(0, 80), 'only http(s) hosts are asked')
  if (u.username || u.password) throw new InvalidHostError(`${u.protocol}//${u.host}`, 'it carries a user name or password')
  if (u.search || u.hash) throw new InvalidHostError(`${u.protocol}//${u.host}${u.pathname}`, 'it carries a query or fragment (only the chain id and address are sent)')
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`
}

export class InvalidHostError extends BaseError {
  constructor(host: string, why: string) {
    super('VerifiedHost.InvalidHostError', `"${host}" cannot be the verified-source host: ${why}.`, {
      hints: [`Give a Sourcify-compatible server's base URL, such as ${DEFAULT_HOST}.`],
      field: 'host',
    })
  }
}
