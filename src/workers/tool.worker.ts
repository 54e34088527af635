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
import { toErrorInfo } from '../core/Errors'
import { withDefaults } from '../tools/define'
import type { WorkerMessage, WorkerRequest } from './protocol'
import { limitRows } from './limitRows'
import { progressGate } from './progressGate'
import { workerTools } from './tools'

declare const self: DedicatedWorkerGlobalScope

const post = (m: WorkerMessage) => self.postMessage(m)
const signal = { aborted: false }

self.onmessage = async (ev: MessageEvent<WorkerRequest>) => {
  const req = ev.data
  if (req.type === 'cancel') {
    signal.aborted = true
    post({ type: 'cancelled' })
    return
  }
  if (req.type === 'load') {
    // Warming up: the run that follows finds the module loaded. A failure shows when it runs.
    await workerTools[req.toolId]?.().catch(() => undefined)
    return
  }
  if (req.type === 'prepare') {
    const mod = await workerTools[req.toolId]?.().catch(() => undefined)
    await mod?.prepare?.(req.raw, req.files).catch(() => undefined)
    return
  }
  // At most 10 updates a second (each is a frame the page renders, on a core the work needs),
  // but never drop a change of step.
  const pass = progressGate(100)
  const ctx = {
    signal,
    progress: (fraction: number, label?: string) => {
      if (!pass(Date.now(), fraction, label)) return
      post({ type: 'progress', fraction, ...(label !== undefined ? { label } : {}) })
    },
  }
  const invalid = (fieldErrors: Record<string, string>) => post({ type: 'error', error: { name: 'InputError', message: 'Some inputs are not valid.', hints: [] }, fieldErrors })
  try {
    const load = workerTools[req.toolId]
    if (!load) throw new Error(`No worker tool "${req.toolId}".`)
    const mod = await load()
    const tool = mod.default
    if (req.type === 'share') {
      // Computed once here for every worker of a split run (hd-derive: the seed and the path's parent key).
      if (!mod.share) throw new Error(`The worker tool "${req.toolId}" does not split its runs.`)
      const out = await mod.share(withDefaults(tool, req.raw), ctx)
      if (signal.aborted) return
      if (!out.ok) invalid(out.errors)
      else post({ type: 'shared', shared: out.value })
      return
    }
    let result
    if (req.shared !== undefined) {
      if (!mod.runShared) throw new Error(`The worker tool "${req.toolId}" does not split its runs.`)
      result = await mod.runShared(req.shared as never, req.raw, ctx)
    } else {
      const parsed = tool.parse(withDefaults(tool, req.raw), req.files)
      if (!parsed.ok) return invalid(parsed.errors)
      result = await tool.run(parsed.value, ctx)
    }
    if (signal.aborted) return
    const sent = req.dataOnly ? { sections: [], ...(result.notes ? { notes: result.notes } : {}), data: result.data } : req.rowLimit === undefined ? result : limitRows(result, req.rowLimit)
    post({ type: 'done', result: sent })
  } catch (e) {
    if (!signal.aborted) post({ type: 'error', error: toErrorInfo(e) })
  }
}
