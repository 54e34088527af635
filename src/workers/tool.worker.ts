/// <reference lib="webworker" />
/**
 * Runs one `worker` tool off the main thread: parse, then run, both here. One worker per run.
 * Cancel first reaches the run's cooperative cancellation (`ctx.signal.aborted`, checked by
 * core's loops between chunks); the client terminates the worker shortly after anyway, which
 * stops even WebAssembly that cannot check a flag (scrypt).
 *
 * Only the tools in `./tools` are loaded here, never the registry.
 *
 * A run split across workers (hd-derive) starts with a `share` request to one worker, which
 * parses the form and computes what every slice needs (the path's parent key, from the seed);
 * each slice's `run` then carries that (`shared`) and only the non-secret fields.
 */
import * as Outcome from '../core/Outcome'
import { withDefaults } from '../tools/define'
import type { RunContext, ToolResult } from '../tools/types'
import type { ToolProtocol } from './protocol'
import { limitRows } from './limitRows'
import { progressGate } from './progressGate'
import { serve } from './serve'
import { workerTools } from './tools'

declare const self: DedicatedWorkerGlobalScope

const invalid = (fieldErrors: Record<string, string>) => Outcome.fail({ name: 'InputError', message: 'Some inputs are not valid.', hints: [] }, fieldErrors)

serve<ToolProtocol>(self, {
  async notice(n) {
    // Warming up: the run that follows finds the module loaded. A failure shows when it runs.
    const mod = await workerTools[n.toolId]?.()
    if (n.type === 'prepare') await mod?.prepare?.(n.raw, n.files)
  },
  async request(req, { signal, progress, emit }) {
    // At most 10 updates a second (each is a frame the page renders, on a core the work needs),
    // but never drop a change of step.
    const pass = progressGate(100)
    const ctx: RunContext = {
      signal,
      progress: (fraction, label) => pass(Date.now(), fraction, label) && progress({ fraction, ...(label !== undefined ? { label } : {}) }),
      stream: (partial) => emit({ partial }),
      ...(req.type === 'run' && req.abis ? { abis: req.abis } : {}),
    }
    const load = workerTools[req.toolId]
    if (!load) throw new Error(`No worker tool "${req.toolId}".`)
    const mod = await load()
    const tool = mod.default
    if (req.type === 'share') {
      // Computed once here for every worker of a split run (hd-derive: the seed and the path's parent key).
      if (!mod.share) throw new Error(`The worker tool "${req.toolId}" does not split its runs.`)
      const out = await mod.share(withDefaults(tool, req.raw), ctx)
      return out.ok ? Outcome.ok({ shared: out.value }) : invalid(out.errors)
    }
    let result: ToolResult
    if (req.shared !== undefined) {
      if (!mod.runShared) throw new Error(`The worker tool "${req.toolId}" does not split its runs.`)
      result = await mod.runShared(req.shared as never, req.raw, ctx)
    } else {
      const parsed = tool.parse(withDefaults(tool, req.raw), req.files)
      if (!parsed.ok) return invalid(parsed.errors)
      result = await tool.run(parsed.value, ctx)
    }
    const sent = req.dataOnly ? { sections: [], ...(result.notes ? { notes: result.notes } : {}), data: result.data } : req.rowLimit === undefined ? result : limitRows(result, req.rowLimit)
    return Outcome.ok({ result: sent })
  },
})
