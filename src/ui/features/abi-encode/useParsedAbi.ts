import { useEffect, useMemo, useState } from 'react'
import * as Abi from '../../../core/abi/Abi'
import { isBaseError } from '../../../core/Errors'
import { parseAbi } from '../../../workers/abiClient'
import * as Outcome from '../../../core/Outcome'
// ABI text longer than this is parsed in a worker (a large ABI takes longer than a frame to parse), here as in the tool.
import { WORKER_ABI_CHARS } from '../../../tools/abi-encode'

export interface ParsedAbi {
  text: string
  abi: Abi.Abi | null
  entries: Abi.Entry[]
  error: string | undefined
}

function parseHere(text: string): ParsedAbi {
  try {
    const abi = Abi.parse(text)
    return { text, abi, entries: Abi.entries(abi), error: undefined }
  } catch (e) {
    return { text, abi: null, entries: [], error: text.trim() ? (isBaseError(e) ? [e.shortMessage, ...e.hints].join(' ') : String(e)) : undefined }
  }
}

/**
 * The ABI parsed: small ones here, large ones in the ABI worker, so typing into a large ABI
 * never waits for it. Until the worker answers for the current text, the previous parse is
 * kept (`pending`).
 */
export function useParsedAbi(text: string): ParsedAbi & { pending: boolean } {
  const small = text.length <= WORKER_ABI_CHARS
  const here = useMemo(() => (small ? parseHere(text) : undefined), [text, small])
  const [there, setThere] = useState<ParsedAbi>({ text: '', abi: null, entries: [], error: undefined })
  useEffect(() => {
    if (small) return
    let alive = true
    void parseAbi(text).then((r) => {
      if (!alive || (!r.ok && Outcome.isCancelled(r.error))) return
      setThere(r.ok ? { text, abi: r.value.abi, entries: r.value.entries, error: undefined } : { text, abi: null, entries: [], error: [r.error.message, ...r.error.hints].join(' ') })
    })
    return () => {
      alive = false
    }
  }, [text, small])
  if (here) return { ...here, pending: false }
  return { ...there, pending: there.text !== text }
}
