import * as Abi from '../../core/abi/Abi'

/** The ABIs of these library entries that still parse (an entry that no longer parses is skipped). */
export function abisOf(entries: readonly { abi: string }[]): Abi.Abi[] {
  const out: Abi.Abi[] = []
  for (const e of entries)
    try {
      out.push(Abi.parse(e.abi))
    } catch {
      /* skipped */
    }
  return out
}
