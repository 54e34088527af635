import { ToolForm, type ToolPageProps } from '../../components'
import { useAbiLibrary } from '../../hooks/abiLibrary'
import { heldInMemory } from './held'

/**
 * The generic decoder: the tool consults the person's ABI library before the offline table
 * (`uses: ['abis']`; the online lookup is its own `lookup` field) and decodes call data over
 * 16 KB of hex in its worker (`placeOf`), so the page never freezes. Here: what the run uses,
 * and that a value too large for a link is held in memory only.
 */
export default function CalldataDecodePage(props: ToolPageProps) {
  const entries = useAbiLibrary()
  const inMemory = heldInMemory(props.meta, typeof location === 'undefined' ? '' : location.search)
  return (
    <ToolForm {...props}>
      {entries.length > 0 && <p className="hint">Also using {entries.length} ABI{entries.length === 1 ? '' : 's'} from your library.</p>}
      {inMemory.map((m) => (
        <p className="hint" role="note" key={m.field}>
          {m.found
            ? `${m.label}: ${(m.length / 1024).toFixed(0)} KB is too large for a link, so it is kept in this page's memory only (the link does not carry it, and a reload forgets it).`
            : `${m.label}: the link referred to a value too large for a link, held only by the page that made it. Paste it again.`}
        </p>
      ))}
    </ToolForm>
  )
}
