/**
 * The parsers of an opt-in verified-source lookup's two fields (`verifiedLookup` and
 * `verifiedHost` in fieldKinds), for a tool that runs with the box unticked as well (/simulate,
 * /send-transaction): the host is checked only while the box is ticked, so a host left as it was
 * blocks nothing.
 */
import * as VerifiedHost from '../../core/debug/VerifiedHost'

export const verifiedLookupParsers = {
  lookup: (v: string): boolean => v === 'true',
  host: (v: string, raw: Record<string, string>): string => (raw.lookup === 'true' ? VerifiedHost.normalizeHost(v) : v.trim()),
}
