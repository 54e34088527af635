/**
 * Runs a tool over raw values: parse (field errors), then run on the main thread, in a
 * worker (progress, cancel), or against the connected node. Live tools re-run on change.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { toErrorInfo, type ErrorInfo } from '../../core/Errors'
import { withDefaults, messageOf } from '../../tools/define'
import type { BlobLike, Eip1193Like, RawInput, RunContext, Tool, ToolMeta, ToolResult } from '../../tools/types'
import { runInWorker } from '../../workers/client'

export interface RunState {
  status: 'idle' | 'running' | 'done' | 'error'
  result?: ToolResult
  fieldErrors: Record<string, string>
  error?: ErrorInfo
  progress?: { fraction: number; label?: string }
}

const idle: RunState = { status: 'idle', fieldErrors: {} }

type ProviderModule = { getProvider: () => { rpc: Eip1193Like; rpcUrl: string } }
const providerModules = import.meta.glob<ProviderModule>('../connection/store.ts')

async function currentProvider(): Promise<{ rpc?: Eip1193Like; rpcUrl?: string }> {
  const load = Object.values(providerModules)[0]
  if (!load) return {}
  return (await load()).getProvider()
}

export function isLive(meta: ToolMeta): boolean {
  return meta.live ?? meta.runs === 'main'
}

export function useToolRun(meta: ToolMeta, tool: Tool<unknown> | undefined, values: RawInput, files: Record<string, BlobLike>) {
  const [state, setState] = useState<RunState>(idle)
  const cancelRef = useRef<(() => void) | null>(null)
  const seq = useRef(0)

  const run = useCallback(async () => {
    if (!tool) return
    cancelRef.current?.()
    const my = ++seq.current
    const current = () => my === seq.current
    const raw = withDefaults(meta, values)
    const parsed = tool.parse(raw, files)
    if (!parsed.ok) {
      setState({ status: 'error', fieldErrors: parsed.errors })
      return
    }
    const fail = (e: ErrorInfo, fieldErrors: Record<string, string> = {}) => {
      if (!current()) return
      const atField = !!e.field && meta.fields.some((f) => f.name === e.field)
      if (atField) fieldErrors = { ...fieldErrors, [e.field!]: messageOf(e) }
      // An error for no field, or for a field this tool does not have, shows above the result.
      setState({ status: 'error', fieldErrors, error: atField ? undefined : e })
    }
    if (meta.runs === 'worker') {
      setState((s) => ({ ...s, status: 'running', fieldErrors: {}, error: undefined, progress: { fraction: 0 } }))
      const w = runInWorker(meta.id, raw, Object.keys(files).length ? files : undefined, (fraction, label) => {
        if (current()) setState((s) => ({ ...s, progress: { fraction, ...(label !== undefined ? { label } : {}) } }))
      })
      cancelRef.current = w.cancel
      const out = await w.promise
      if (!current()) return
      cancelRef.current = null
      if (out.ok) setState({ status: 'done', result: out.result, fieldErrors: {} })
      else fail(out.error, out.fieldErrors)
      return
    }
    const signal = { aborted: false }
    cancelRef.current = () => {
      signal.aborted = true
    }
    const running = meta.runs === 'network'
    if (running) setState((s) => ({ ...s, status: 'running', fieldErrors: {}, error: undefined }))
    try {
      const provider = meta.runs === 'network' ? await currentProvider() : {}
      // The opt-in online lookup: a fetch only when the person ticked it (absent = contact nothing).
      const online = raw.lookup === 'true' ? { fetch: globalThis.fetch.bind(globalThis) as RunContext['fetch'] } : {}
      const result = await tool.run(parsed.value, { signal, progress: () => {}, ...provider, ...online })
      if (current() && !signal.aborted) setState({ status: 'done', result, fieldErrors: {} })
    } catch (e) {
      if (!signal.aborted) fail(toErrorInfo(e))
    }
  }, [meta, tool, values, files])

  const cancel = useCallback(() => {
    cancelRef.current?.()
    cancelRef.current = null
    seq.current++
    setState((s) => ({ ...s, status: 'idle', progress: undefined, error: { name: 'Cancelled', message: 'Cancelled.', hints: [] } }))
  }, [])

  // Live tools re-run on every change, lightly debounced.
  useEffect(() => {
    if (!tool || !isLive(meta)) return
    const t = setTimeout(() => void run(), 60)
    return () => clearTimeout(t)
  }, [tool, meta, run])

  // Cancel whatever runs when the page goes away.
  useEffect(() => () => cancelRef.current?.(), [])

  return { state, run, cancel }
}
