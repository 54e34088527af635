import * as Abi from '../../core/abi/Abi'

/** Parsed once per list of entries: the store hands out the same list until the library changes, so a live decoder does not re-parse it on every key. */
const parsed = new WeakMap<readonly { abi: string }[], readonly Abi.Abi[]>()

/** The ABIs of these library entries that still parse (an entry that no longer parses is skipped). */
export function abisOf(entries: readonly { abi: string }[]): readonly Abi.Abi[] {
  const known = parsed.get(entries)
  if (known) return known
  const out: Abi.Abi[] = []
  for (const e of entries)
    try {
      out.push(Abi.parse(e.abi))
    } catch {
      /* skipped */
    }
  parsed.set(entries, out)
  return out
}
