/// <reference lib="webworker" />
/**
 * Runs one `worker` tool off the main thread. One worker per run: cancelling terminates it,
 * which stops even WebAssembly that cannot check a flag (scrypt).
 */
import { toErrorInfo } from '../core/Errors'
import { findTool } from '../tools/registry'
import { withDefaults } from '../tools/define'
import type { RunRequest, WorkerMessage } from './protocol'

declare const self: DedicatedWorkerGlobalScope

const post = (m: WorkerMessage) => self.postMessage(m)

self.onmessage = async (ev: MessageEvent<RunRequest>) => {
  const req = ev.data
  try {
    const entry = findTool(req.toolId)
    if (!entry) throw new Error(`No tool "${req.toolId}".`)
    const tool = (await entry.load()).default
    const parsed = tool.parse(withDefaults(tool, req.raw), req.files)
    if (!parsed.ok) {
      post({ type: 'error', error: { name: 'InputError', message: 'Some inputs are not valid.', hints: [] }, fieldErrors: parsed.errors })
      return
    }
    let last = 0
    const result = await tool.run(parsed.value, {
      signal: { aborted: false },
      progress: (fraction, label) => {
        const now = Date.now()
        if (now - last < 50 && fraction < 1) return // at most ~20 updates a second
        last = now
        post({ type: 'progress', fraction, ...(label !== undefined ? { label } : {}) })
      },
    })
    post({ type: 'done', result })
  } catch (e) {
    post({ type: 'error', error: toErrorInfo(e) })
  }
}
