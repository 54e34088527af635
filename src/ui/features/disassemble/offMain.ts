/**
 * The disassembler off the main thread: the tool's parse and run both go to a worker (the tool
 * worker, `workers/tools.ts`), so a 48 KB creation code is decoded there and only its packed
 * listing (`DisassembleData`: bytes and offsets) comes back. Code read from an address is read
 * here (one call to the connected node, which the worker has no line to) and then sent over.
 */
import { RelayedError } from '../../../core/Errors'
import { source } from '../../../tools/disassemble'
import type { RawInput, RunContext, Tool, ToolResult } from '../../../tools/types'
import { runInWorker } from '../../../workers/client'

/** Marks input left unparsed here: the worker parses it. */
interface Deferred {
  deferred: RawInput
}

/** An address to read here: its parsed input, and the form's fields for the worker (the compiler output, the hardfork). */
interface Here {
  here: Parameters<typeof source>[0]
  raw: RawInput
}

async function inWorker(raw: RawInput, ctx: RunContext): Promise<ToolResult> {
  const w = runInWorker('disassemble', raw, undefined, (f, l) => ctx.progress(f, l))
  const poll = setInterval(() => ctx.signal.aborted && w.cancel(), 100)
  const out = await w.promise.finally(() => clearInterval(poll))
  if (out.ok) return out.value
  const [field, message] = Object.entries(out.fieldErrors ?? {})[0] ?? []
  if (field) throw new RelayedError({ name: 'InputError', message: message!, hints: [], field })
  throw new RelayedError(out.error)
}

/** `tool`, with pasted code parsed and disassembled in a worker, and an address's code read here and disassembled there. */
export function offMain(tool: Tool<unknown>): Tool<unknown> {
  return {
    ...tool,
    parse: (raw, files) => {
      if (raw.source !== 'address') return { ok: true, value: { deferred: raw } satisfies Deferred }
      const p = tool.parse(raw, files)
      return p.ok ? { ok: true, value: { here: p.value as Here['here'], raw } satisfies Here } : p
    },
    run: async (input, ctx) => {
      const deferred = (input as Partial<Deferred>).deferred
      if (deferred) return inWorker(deferred, ctx)
      const { here, raw } = input as Here
      const { code, rows } = await source(here, ctx)
      const result = await inWorker({ ...raw, source: 'code', code, runtime: '' }, ctx)
      const [first, ...rest] = result.sections
      return { ...result, sections: first ? [{ ...first, rows: [...rows, ...first.rows] }, ...rest] : rest }
    },
  }
}
