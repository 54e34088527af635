import { useMemo, useState } from 'react'
import { ToolForm, type ToolPageProps } from '../../components'
import { abiLibrary, useAbiLibrary } from '../../hooks/abiLibrary'
import { decode, result } from '../../../tools/error-decode'
import type { ToolResult } from '../../../tools/types'
import type { Abi } from '../../../core/Abi'
import * as SignatureLookup from '../../../core/SignatureLookup'
import { toErrorInfo } from '../../../core/Errors'

type Input = Parameters<typeof decode>[0]

/** Asked once per selector for this tab (live decoding re-runs on every keystroke). */
function lookupOnline(selector: string): Promise<SignatureLookup.Lookup> {
  // Errors share the 4-byte selector space with functions: the service files them as functions.
  return SignatureLookup.lookupOnce('function', selector, (url, init) => fetch(url, init as RequestInit))
}

/**
 * Decodes as the tool does; when the person turned the online lookup on and nothing offline
 * knows the custom error, asks api.openchain.xyz and decodes with the first candidate that fits.
 */
async function decodeOnline(input: Input, library: readonly Abi[]): Promise<ToolResult> {
  const offline = decode(input, library)
  if (input.signature || offline.source !== 'guess') return result(offline)
  let found: SignatureLookup.Lookup
  try {
    found = await lookupOnline(offline.selector)
  } catch (e) {
    return { ...result(offline), notes: [{ tone: 'warn', text: `Online lookup failed: ${toErrorInfo(e).message}` }] }
  }
  const rows: ToolResult['sections'][number]['rows'] = []
  let decoded: ToolResult | null = null
  for (const c of found.candidates) {
    let fits = false
    if (!decoded)
      try {
        decoded = result(decode({ ...input, signature: `error ${c.signature}` }, library))
        fits = true
      } catch {
        // does not fit the data: try the next
      }
    rows.push({ label: `candidate ${rows.length + 1}`, value: c.signature, note: fits ? 'Used: it fits the data.' : decoded ? 'Not tried: an earlier candidate fits.' : 'Does not fit the data.', ...(fits ? { tone: 'ok' as const } : {}) })
  }
  const candidates = { title: `Online candidates (from ${SignatureLookup.HOST})`, rows: rows.length ? rows : [{ label: '(none)', value: `${SignatureLookup.HOST} knows no signature with the selector ${offline.selector}.`, mono: false, copy: false }] }
  const dropped = found.rejected ? [{ tone: 'warn' as const, text: `${found.rejected} answer${found.rejected === 1 ? '' : 's'} from ${SignatureLookup.HOST} did not hash to ${offline.selector} and ${found.rejected === 1 ? 'was' : 'were'} ignored.` }] : []
  if (decoded) {
    const sections = decoded.sections.map((s) => ({ ...s, rows: s.rows.map((r) => (r.label === 'source' ? { ...r, value: `${SignatureLookup.HOST} (online lookup)`, note: 'Anyone can add signatures there: a match shows a name that hashes to this selector, not what the contract really is.', tone: 'warn' as const } : r)) }))
    return { sections: [...sections, candidates], notes: dropped }
  }
  const out = result(offline)
  return { ...out, sections: [...out.sections, candidates], notes: dropped }
}

/** The generic revert decoder, consulting the person's ABI library for custom errors. */
export default function ErrorDecodePage(props: ToolPageProps) {
  const entries = useAbiLibrary()
  const [online, setOnline] = useState(false)
  const tool = useMemo(() => {
    const library = abiLibrary.abis()
    return { ...props.tool, run: (input: Input) => (online ? decodeOnline(input, library) : result(decode(input, library))) }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.tool, entries, online])
  return (
    <ToolForm {...props} tool={tool}>
      <div className="field field-checkbox">
        <label className="checkbox-label">
          <input type="checkbox" checked={online} onChange={(e) => setOnline(e.currentTarget.checked)} /> Look up unknown selectors online (sends the selector to {SignatureLookup.HOST})
        </label>
      </div>
    </ToolForm>
  )
}
