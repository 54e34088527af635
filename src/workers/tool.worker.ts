/// <reference lib="webworker" />
/**
 * Runs one `worker` tool off the main thread: parse, then run, both here. One worker per run.
 * Cancel first reaches the run's cooperative cancellation (`ctx.signal.aborted`, checked by
 * core's loops between chunks); the client terminates the worker shortly after anyway, which
 * stops even WebAssembly that cannot check a flag (scrypt).
 *
 * Only the tools in `./tools` are loaded here, never the registry.
 */
import { toErrorInfo } from '../core/Errors'
import { withDefaults } from '../tools/define'
import type { WorkerMessage, WorkerRequest } from './protocol'
import { limitRows } from './limitRows'
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
  try {
    const load = workerTools[req.toolId]
    if (!load) throw new Error(`No worker tool "${req.toolId}".`)
    const tool = (await load()).default
    const parsed = tool.parse(withDefaults(tool, req.raw), req.files)
    if (!parsed.ok) {
      post({ type: 'error', error: { name: 'InputError', message: 'Some inputs are not valid.', hints: [] }, fieldErrors: parsed.errors })
      return
    }
    let last = 0
    let lastLabel: string | undefined
    const result = await tool.run(parsed.value, {
      signal,
      progress: (fraction, label) => {
        const now = Date.now()
        // At most ~20 updates a second, but never drop a change of step (its label).
        if (now - last < 50 && fraction < 1 && label === lastLabel) return
        last = now
        lastLabel = label
        post({ type: 'progress', fraction, ...(label !== undefined ? { label } : {}) })
      },
    })
    if (signal.aborted) return
    const sent = req.dataOnly ? { sections: [], ...(result.notes ? { notes: result.notes } : {}), data: result.data } : req.rowLimit === undefined ? result : limitRows(result, req.rowLimit)
    post({ type: 'done', result: sent })
  } catch (e) {
    if (!signal.aborted) post({ type: 'error', error: toErrorInfo(e) })
  }
}

