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
    parse: (raw, files) => (raw.source === 'address' ? tool.parse(raw, files) : { ok: true, value: { deferred: raw } satisfies Deferred }),
    run: async (input, ctx) => {
      const deferred = (input as Partial<Deferred>).deferred
      if (deferred) return inWorker(deferred, ctx)
      const given = input as Parameters<typeof source>[0]
      const { code, rows } = await source(given, ctx)
      const result = await inWorker({ source: 'code', code, hardfork: given.hardfork }, ctx)
      const [first, ...rest] = result.sections
      return { ...result, sections: first ? [{ ...first, rows: [...rows, ...first.rows] }, ...rest] : rest }
    },
  }
}
