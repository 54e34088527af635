import { useMemo } from 'react'
import { ToolForm, type ToolPageProps } from '../../components'
import { abiLibrary, useLibraryTool } from '../../hooks/abiLibrary'
import { heldInMemory } from './held'
import * as Abi from '../../../core/abi/Abi'
import { RelayedError } from '../../../core/Errors'
import { runWith } from '../../../tools/calldata-decode'
import type { RawInput, RunContext, Tool, ToolResult } from '../../../tools/types'
import { runInWorker } from '../../../workers/client'

/** Call data longer than this (hex characters) is parsed and decoded in a worker, never on the main thread. */
export const WORKER_THRESHOLD = 16 * 1024

/** Rows per result section sent back from the worker (a guessed layout of 1 MiB has 32,768 words). */
export const ROW_LIMIT = 1000

/** Marks input left unparsed here: the worker parses it. */
interface Deferred {
  deferred: RawInput
}

/** Decodes in a worker: parse and run both there; the person's library goes along as ABI JSON. */
async function decodeInWorker(raw: RawInput, library: readonly Abi.Abi[], ctx: RunContext): Promise<ToolResult> {
  let abi = raw.abi ?? ''
  if (library.length) {
    const own = abi.trim() ? Abi.parse(abi) : []
    abi = JSON.stringify([...own, ...library.flat()])
  }
  const w = runInWorker('calldata-decode', { ...raw, abi, lookup: 'false' }, undefined, () => {}, { rowLimit: ROW_LIMIT })
  const poll = setInterval(() => ctx.signal.aborted && w.cancel(), 100)
  const out = await w.promise.finally(() => clearInterval(poll))
  if (out.ok) return out.value
  const [field, message] = Object.entries(out.fieldErrors ?? {})[0] ?? []
  if (field) throw new RelayedError({ name: 'InputError', message: message!, hints: [], field })
  throw new RelayedError(out.error)
}

/**
 * The generic decoder, consulting the person's ABI library before the offline table (the
 * online lookup is the tool's own `lookup` field). Large call data (over 16 KB of hex) is
 * parsed and decoded in a worker, so the page never freezes; it is also kept out of the URL.
 */
export default function CalldataDecodePage(props: ToolPageProps) {
  const { tool, entries } = useLibraryTool(props.tool, runWith)
  const offMain = useMemo<Tool<unknown>>(
    () => ({
      ...tool,
      parse: (raw, files) => ((raw.data ?? '').length > WORKER_THRESHOLD ? { ok: true, value: { deferred: raw } satisfies Deferred } : tool.parse(raw, files)),
      run: (input, ctx) => {
        const d = (input as Partial<Deferred>).deferred
        return d ? decodeInWorker(d, abiLibrary.abis(), ctx) : tool.run(input as never, ctx)
      },
    }),
    [tool],
  )
  const inMemory = heldInMemory(props.meta, typeof location === 'undefined' ? '' : location.search)
  return (
    <ToolForm {...props} tool={offMain}>
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
