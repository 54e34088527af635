/**
 * A run split across workers as the tool declares (`WorkSplit`), without React: its own module,
 * loaded only by the pages whose tool declares a split (`runWork.loadSplit`).
 */
import * as Outcome from '../../core/Outcome'
import type { BlobLike, RawInput, ToolMeta, ToolResult, WorkSplit } from '../../tools/types'
import { runInWorker } from '../../workers/client'
import { runSlice, shareInWorker } from '../../workers/split'
import { fromWorker, type Progress, type Work, type WorkEvents } from './work'

/**
 * A run split across workers as the tool declares: the shared step first (when declared), the
 * parts' progress summed by weight and drawn once per frame (or per `drawEvery` ms), the parts'
 * results merged by the tool's `merge`. The first part that fails, or whose result `ends` the
 * run, stops the others.
 */
export function runSplit<I>(meta: ToolMeta, split: WorkSplit<I>, input: I, raw: RawInput, files: Record<string, BlobLike>, events: WorkEvents): Work {
  const ctx = { raw, files, cores: (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 2 }
  const parts = split.parts(input, ctx)
  const started = Date.now()
  const total = parts.reduce((a, p) => a + p.weight, 0) || 1
  const fractions = parts.map(() => 0)
  const results: (ToolResult | undefined)[] = parts.map(() => undefined)
  let label: string | undefined
  let reported = false
  const progress = (): Progress => {
    const done = fractions.reduce((a, f, k) => a + f * parts[k]!.weight, 0)
    const l = split.progress?.({ done, total, parts: parts.length, ...(label !== undefined ? { label } : {}), reported }, input)
    return { fraction: done / total, ...(l !== undefined ? { label: l } : {}) }
  }
  const merged = (complete: boolean) => split.merge(results, { ...ctx, input, complete, ms: Date.now() - started })

  // Progress and partial results are drawn together, at most once per frame (or per `drawEvery` ms).
  let timer: ReturnType<typeof setTimeout> | undefined
  let frame = 0
  const draw = () => {
    timer = undefined
    frame = 0
    events.progress(progress())
    const r = split.partial ? merged(false) : undefined
    if (r) events.partial(r)
  }
  const later = () => {
    if (split.drawEvery) timer ??= setTimeout(draw, split.drawEvery)
    else frame ||= requestAnimationFrame(draw)
  }

  const runs: { cancel: () => void }[] = []
  let settle!: (o: Outcome.Outcome<ToolResult>) => void
  const promise = new Promise<Outcome.Outcome<ToolResult>>((res) => (settle = res))
  let finished = false
  const finish = (o: Outcome.Outcome<ToolResult>) => {
    if (finished) return
    finished = true
    clearTimeout(timer)
    if (frame) cancelAnimationFrame(frame)
    for (const r of runs) r.cancel()
    settle(o)
  }

  // The shared step: one worker parses the whole form and computes what every part needs; the
  // parts' workers start meanwhile and get only that value and their own (non-secret) fields.
  let shared: Promise<unknown> | undefined
  if (split.share) {
    const sh = shareInWorker(meta.id, raw, () => {})
    runs.push(sh)
    const answer = sh.promise.then(fromWorker)
    shared = answer.then((o) => (o.ok ? o.value.shared : Promise.reject(new Error('no shared value'))))
    shared.catch(() => {}) // each part then ends as cancelled; the share's own error is the run's
    void answer.then((o) => {
      if (o.ok) events.progress(progress())
      else if (!Outcome.isCancelled(o.error)) finish(o)
    })
  }
  const options = split.dataOnly ? { dataOnly: true } : {}
  parts.forEach((p, k) => {
    const onProgress = (f: number, l?: string) => {
      fractions[k] = f
      if (l !== undefined) label = l
      reported = true
      later()
    }
    const w = shared ? runSlice(meta.id, p.raw, shared, onProgress, options) : runInWorker(meta.id, p.raw, p.files, onProgress, options)
    runs.push(w)
    void w.promise.then(fromWorker).then((o) => {
      if (!o.ok) return Outcome.isCancelled(o.error) || finish(o)
      fractions[k] = 1
      results[k] = o.value
      reported = true
      if (split.ends?.(o.value)) return finish(Outcome.ok(merged(false) ?? o.value))
      if (results.every((r) => r)) return finish(Outcome.ok(merged(true) ?? { sections: [] }))
      later()
    })
  })
  if (!parts.length) finish(Outcome.ok(merged(true) ?? { sections: [] }))
  const first = split.share ? { fraction: -1, label: split.share.label(input, raw) } : progress()
  return { promise, cancel: () => finish(Outcome.fail(Outcome.cancelled())), running: true, progress: first, ran: true }
}
