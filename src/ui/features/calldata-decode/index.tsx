import { useMemo, useState } from 'react'
import { ToolForm, type ToolPageProps } from '../../components'
import { abiLibrary, useAbiLibrary } from '../../hooks/abiLibrary'
import { decode, result } from '../../../tools/calldata-decode'
import type { ToolResult } from '../../../tools/types'
import type { Abi } from '../../../core/Abi'
import * as SignatureLookup from '../../../core/SignatureLookup'
import { toErrorInfo } from '../../../core/Errors'

type Input = Parameters<typeof decode>[0]

/** Asked once per selector for this tab (live decoding re-runs on every keystroke). */
function lookupOnline(selector: string): Promise<SignatureLookup.Lookup> {
  return SignatureLookup.lookupOnce('function', selector, (url, init) => fetch(url, init as RequestInit))
}

function hexOf(bytes: Uint8Array): string {
  let s = '0x'
  for (const b of bytes) s += b.toString(16).padStart(2, '0')
  return s
}

/**
 * Decodes as the tool does; when the person turned the online lookup on and nothing offline
 * knows the selector, asks api.openchain.xyz and decodes with the first candidate that fits.
 */
async function decodeOnline(input: Input, library: readonly Abi[]): Promise<ToolResult> {
  if (input.signature || input.data.length < 4) return result(input, decode(input, library))
  try {
    return result(input, decode({ ...input, guess: false }, library))
  } catch (e) {
    if (toErrorInfo(e).name !== 'Calldata.UnknownSelectorError') return result(input, decode(input, library))
  }
  const selector = hexOf(input.data.subarray(0, 4))
  let found: SignatureLookup.Lookup
  try {
    found = await lookupOnline(selector)
  } catch (e) {
    const out = result(input, decode(input, library))
    return { ...out, notes: [{ tone: 'warn', text: `Online lookup failed: ${toErrorInfo(e).message}` }, ...(out.notes ?? [])] }
  }
  const rows: ToolResult['sections'][number]['rows'] = []
  let decoded: ToolResult | null = null
  let used = ''
  for (const c of found.candidates) {
    let fits = false
    if (!decoded)
      try {
        decoded = result(input, decode({ ...input, signature: c.signature }, library))
        used = c.signature
        fits = true
      } catch {
        // does not fit the data: try the next
      }
    rows.push({ label: `candidate ${rows.length + 1}`, value: c.signature, note: fits ? 'Used: it fits the data.' : decoded ? 'Not tried: an earlier candidate fits.' : 'Does not fit the data.', ...(fits ? { tone: 'ok' as const } : {}) })
  }
  const candidates = { title: `Online candidates (from ${SignatureLookup.HOST})`, rows: rows.length ? rows : [{ label: '(none)', value: `${SignatureLookup.HOST} knows no function with the selector ${selector}.`, mono: false, copy: false }] }
  const dropped = found.rejected ? [{ tone: 'warn' as const, text: `${found.rejected} answer${found.rejected === 1 ? '' : 's'} from ${SignatureLookup.HOST} did not hash to ${selector} and ${found.rejected === 1 ? 'was' : 'were'} ignored.` }] : []
  if (decoded) {
    const sections = decoded.sections.map((s) => ({ ...s, rows: s.rows.map((r) => (r.label === 'source' && !s.title?.includes(':') ? { ...r, value: `${SignatureLookup.HOST} (online lookup)`, note: 'Anyone can add signatures there: a match shows a name that hashes to this selector, not what the contract really is.', tone: 'warn' as const } : r)) }))
    return { ...decoded, sections: [...sections, candidates], notes: [{ tone: 'info', text: `Decoded with ${used}, found online at ${SignatureLookup.HOST}.` }, ...dropped, ...(decoded.notes ?? [])] }
  }
  const out = result(input, decode(input, library))
  return { ...out, sections: [...out.sections, candidates], notes: [...dropped, ...(out.notes ?? [])] }
}

/** The generic decoder, consulting the person's ABI library before the offline table. */
export default function CalldataDecodePage(props: ToolPageProps) {
  const entries = useAbiLibrary()
  const [online, setOnline] = useState(false)
  const tool = useMemo(() => {
    const library = abiLibrary.abis()
    return { ...props.tool, run: (input: Input) => (online ? decodeOnline(input, library) : result(input, decode(input, library))) }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.tool, entries, online])
  return (
    <ToolForm {...props} tool={tool}>
      {entries.length > 0 && <p className="hint">Also using {entries.length} ABI{entries.length === 1 ? '' : 's'} from your library.</p>}
      <div className="field field-checkbox">
        <label className="checkbox-label">
          <input type="checkbox" checked={online} onChange={(e) => setOnline(e.currentTarget.checked)} /> Look up unknown selectors online (sends the selector to {SignatureLookup.HOST})
        </label>
      </div>
    </ToolForm>
  )
}
