/** The section a lookup of verified ABIs adds to a result (/transaction, /address-activity): which source named each contract, and what was refused and why. */
import * as AddressCheck from '../../core/address/AddressCheck'
import * as VerifiedAbi from '../../core/debug/VerifiedAbi'
import type { Row, Section } from '../types'

export function verifiedSection(v: VerifiedAbi.Many, host: string): Section {
  const cs = (a: string) => AddressCheck.parseChecksummed(a)
  const rows: Row[] = []
  for (const n of v.named.values()) rows.push({ label: cs(n.address), value: n.name, mono: false, tone: 'ok', note: n.by })
  for (const f of v.failed)
    rows.push({ label: cs(f.address), value: VerifiedAbi.refused(f) ? 'refused: its code differs from the chain’s' : 'not named', mono: false, tone: VerifiedAbi.refused(f) ? 'error' : 'warn', note: f.error.message })
  return { title: `Verified sources from ${host}`, rows }
}
