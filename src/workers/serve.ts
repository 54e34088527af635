/**
 * The worker side of `./channel`: `serve(self, { request, notice })` answers each request with
 * an `Outcome` (a thrown error becomes its failure, as `ErrorInfo`), passes progress and
 * events of a running request to the page, gives each request its own `signal` (set by the
 * page's cancel, which is acknowledged at once), answers nothing for a cancelled request, and
 * tells the page when the worker's code has loaded (so a failure before that reads "could not
 * be loaded").
 *
 * @example
 * ```ts
 * serve<AbiProtocol>(self, { request: ({ text }) => Outcome.ok(parse(text)) })
 * ```
 */
import { toErrorInfo } from '../core/Errors'
import * as Outcome from '../core/Outcome'
import type { Down, Protocol, Up } from './channel'

/** The part of a worker's global scope `serve` uses (a test passes its own). */
export interface WorkerScope {
  postMessage(message: unknown): void
  onmessage: ((ev: MessageEvent) => unknown) | null
}

/** What a request's handler gets besides the request. */
export interface RequestContext<P extends Protocol> {
  /** A real `AbortSignal`, aborted when the page cancels this request: core's loops check it and stop, a fetch given it ends. */
  signal: AbortSignal
  /** Reports progress (dropped once the request is cancelled). */
  progress: (progress: P['progress']) => void
  /** Sends any other message about this request (dropped once it is cancelled). */
  emit: (event: P['event']) => void
}

export interface Handlers<P extends Protocol> {
  /** Answers one request: return an Outcome, or throw (the failure is the error's `ErrorInfo`). */
  request: (body: P['request'], ctx: RequestContext<P>) => Outcome.Outcome<P['answer']> | Promise<Outcome.Outcome<P['answer']>>
  /** Takes a notice; its errors are dropped (a notice has no one to answer). */
  notice?: (body: P['notice']) => void | Promise<void>
}

export function serve<P extends Protocol>(scope: WorkerScope, handlers: Handlers<P>): void {
  const post = (m: Up<P>) => scope.postMessage(m)
  const running = new Map<number, AbortController>()
  scope.onmessage = async (ev: MessageEvent) => {
    const m = ev.data as Down<P>
    if (m.ch === 'cancel') {
      running.get(m.requestId)?.abort()
      post({ type: 'cancelled', requestId: m.requestId })
      return
    }
    if (m.ch === 'notice') {
      try {
        await handlers.notice?.(m)
      } catch {
        // nobody to tell: a notice readies the worker at most, and the run that follows reports its own failure
      }
      return
    }
    const requestId = m.requestId
    const controller = new AbortController()
    const { signal } = controller
    running.set(requestId, controller)
    const ctx: RequestContext<P> = {
      signal,
      progress: (progress) => signal.aborted || post({ type: 'progress', requestId, progress }),
      emit: (event) => signal.aborted || post({ type: 'event', requestId, event }),
    }
    let outcome: Outcome.Outcome<P['answer']>
    try {
      outcome = await handlers.request(m, ctx)
    } catch (e) {
      outcome = Outcome.fail(toErrorInfo(e))
    }
    running.delete(requestId)
    if (!signal.aborted) post({ type: 'answer', requestId, outcome })
  }
  post({ type: 'ready' })
}
