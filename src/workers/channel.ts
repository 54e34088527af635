/**
 * The one way the page talks to a worker. A `Channel` starts its worker (on the first request,
 * or at once with `open()`), sends requests and matches each answer to its request, passes on
 * progress and other events of a request, and settles each request exactly once, as an
 * `Outcome` (core/Outcome): the worker's answer, cancelled, or a `WorkerError` when the worker
 * crashed, could not be loaded, or sent what the page could not read. The worker side is
 * `./serve`. Every worker client (`./client`, `./split`, `./simulateClient`, `./vanityClient`,
 * `./qrClient`, `./abiClient`) is a thin adapter over these two.
 *
 * Cancel settles the request at once and tells the worker, whose `ctx.signal.aborted` stops
 * core's loops at their next check; then, as the channel was told (`onCancel`): the worker is
 * terminated once it acknowledges, or after a short grace for code that cannot check
 * (WebAssembly) ('grace'); at once ('now': the EVM, the vanity loops); or kept for the other
 * requests it serves ('keep').
 *
 * @example
 * ```ts
 * const ch = new Channel<AbiProtocol>({ spawn: () => new Worker(…), name: 'The ABI worker', hints: [], onCancel: 'keep' })
 * const run = ch.request({ text })
 * const o = await run.promise // { ok: true, value } | { ok: false, error }
 * ```
 */
import type { ErrorInfo } from '../core/Errors'
import * as Outcome from '../core/Outcome'

/** What one worker's messages carry. */
export interface Protocol {
  /** Page → worker, answered once (a plain object: the channel adds its own keys to it). */
  request: object
  /** The value of a successful answer. */
  answer: unknown
  /** Worker → page while a request runs. */
  progress: unknown
  /** Worker → page, anything else about a running request (a relayed RPC call, a vanity hit). */
  event: unknown
  /** Page → worker, never answered (load, prepare, pause, a relayed RPC reply). */
  notice: object
}

/** Page → worker, as sent: the request's or the notice's own keys (its `type` too) stay at the top, with the channel's `ch`. */
export type Down<P extends Protocol> =
  | (P['request'] & { ch: 'request'; requestId: number })
  | { ch: 'cancel'; requestId: number }
  | (P['notice'] & { ch: 'notice' })

/**
 * Worker → page: the channel's own messages, so `type` is free for them (a request's payloads
 * sit inside). `ready` is posted once the worker's code has loaded.
 */
export type Up<P extends Protocol> =
  | { type: 'ready' }
  | { type: 'progress'; requestId: number; progress: P['progress'] }
  | { type: 'event'; requestId: number; event: P['event'] }
  | { type: 'answer'; requestId: number; outcome: Outcome.Outcome<P['answer']> }
  | { type: 'cancelled'; requestId: number }

/** The part of a `Worker` a channel uses (a test spawns its own). */
export type WorkerLike = Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror' | 'onmessageerror'>

/** A request on its way: its outcome, settled once, and how to cancel it. */
export interface Run<T> {
  promise: Promise<Outcome.Outcome<T>>
  /** Settles the run as cancelled (with `error`, `Outcome.cancelled()` by default), now. */
  cancel: (error?: ErrorInfo) => void
}

export interface ChannelOptions {
  /** Starts the worker: `() => new Worker(new URL('./x.worker.ts', import.meta.url), …)`, written out in the client (Vite and the offline build find workers by that text). */
  spawn: () => WorkerLike
  /** The worker in words, starting a sentence: 'The simulation worker'. */
  name: string
  /** What a person can do when it stopped unexpectedly. */
  hints: string[]
  /** What a cancel does to the worker, besides telling it (see the module comment). */
  onCancel: 'grace' | 'now' | 'keep'
  /** One request per worker: it is terminated once its request is answered (the tool worker). */
  single?: boolean
  /** How long a cancelled worker may take to acknowledge under 'grace' (ms). */
  graceMs?: number
}

/** How long a cancelled worker may take to stop by itself before it is terminated. */
export const CANCEL_GRACE_MS = 250

interface Pending<P extends Protocol> {
  worker: WorkerLike
  settle: (o: Outcome.Outcome<P['answer']>) => void
  onProgress: ((p: P['progress']) => void) | undefined
  onEvent: ((e: P['event']) => void) | undefined
}

export interface RequestOptions<P extends Protocol> {
  onProgress?: (progress: P['progress']) => void
  onEvent?: (event: P['event']) => void
  /** Buffers handed to the worker rather than copied (a camera frame's pixels). */
  transfer?: (body: P['request']) => Transferable[]
}

export class Channel<P extends Protocol> {
  private worker: WorkerLike | undefined
  private ready = false
  private nextId = 1
  private readonly pending = new Map<number, Pending<P>>()
  private readonly options: ChannelOptions

  constructor(options: ChannelOptions) {
    this.options = options
  }

  /** True while a worker is up (started and neither crashed nor stopped). */
  get alive(): boolean {
    return this.worker !== undefined
  }

  /** Starts the worker now, if none is up (a spare, a warm-up); requests start it too. */
  open(): this {
    this.start()
    return this
  }

  /** Sends a notice to the worker that is up, if any (a notice never starts one). */
  notify(notice: P['notice']): void {
    this.worker?.postMessage({ ...notice, ch: 'notice' } satisfies Down<P>)
  }

  /**
   * Sends a request (starting the worker if none is up). `body` may be a promise: the worker
   * starts now and gets the request when it resolves; if it rejects, the run ends as cancelled.
   * `A` is the answer this request gets, where the protocol answers different requests differently.
   */
  request<A extends P['answer'] = P['answer']>(body: P['request'] | Promise<P['request']>, options: RequestOptions<P> = {}): Run<A> {
    const worker = this.start()
    const requestId = this.nextId++
    let resolve!: (o: Outcome.Outcome<A>) => void
    const promise = new Promise<Outcome.Outcome<A>>((r) => (resolve = r))
    let settled = false
    /** Settles the run, the first time only; true if this was it. */
    const finish = (o: Outcome.Outcome<P['answer']>) => {
      if (settled) return false
      settled = true
      this.pending.delete(requestId)
      resolve(o as Outcome.Outcome<A>)
      return true
    }
    const settle = (o: Outcome.Outcome<P['answer']>) => {
      if (finish(o) && this.options.single && this.worker === worker && !this.pending.size) this.stop()
    }
    this.pending.set(requestId, { worker, settle, onProgress: options.onProgress, onEvent: options.onEvent })
    void Promise.resolve(body).then(
      (b) => {
        if (settled || this.worker !== worker) return
        const message = { ...b, ch: 'request', requestId } satisfies Down<P>
        worker.postMessage(message, options.transfer?.(b) ?? [])
      },
      () => settle(Outcome.fail(Outcome.cancelled())),
    )
    return {
      promise,
      cancel: (error = Outcome.cancelled()) => {
        if (finish(Outcome.fail(error))) this.cancelled(worker, requestId)
      },
    }
  }

  /** Stops the worker at once; every request still running settles with `error` (cancelled by default). */
  close(error: ErrorInfo = Outcome.cancelled()): void {
    this.stop(Outcome.fail(error))
  }

  private start(): WorkerLike {
    if (this.worker) return this.worker
    const w = this.options.spawn()
    this.worker = w
    this.ready = false
    w.onmessage = (ev: MessageEvent) => this.receive(w, ev.data as Up<P>)
    w.onerror = (ev: Event) => {
      ev.preventDefault()
      if (this.worker !== w) return w.terminate()
      this.stop(Outcome.fail(this.ready ? this.crashed() : this.unloadable()))
    }
    w.onmessageerror = () => {
      if (this.worker !== w) return w.terminate()
      this.stop(Outcome.fail({ name: 'WorkerError', message: `${this.options.name} sent an answer this page could not read.`, hints: ['Try again; if it repeats, reload the page.'] }))
    }
    return w
  }

  private receive(w: WorkerLike, m: Up<P>): void {
    if (m.type === 'cancelled') {
      // A cancelled worker under 'grace' was detached from the channel: it goes once it has read the cancel.
      if (this.worker !== w) w.terminate()
      return
    }
    if (this.worker !== w) return
    if (m.type === 'ready') {
      this.ready = true
      return
    }
    const p = this.pending.get(m.requestId)
    if (!p || p.worker !== w) return
    if (m.type === 'progress') p.onProgress?.(m.progress)
    else if (m.type === 'event') p.onEvent?.(m.event)
    else p.settle(m.outcome)
  }

  /** After a run was settled as cancelled: tell the worker, and stop it as the channel was told. */
  private cancelled(w: WorkerLike, requestId: number): void {
    if (this.worker !== w) return
    const mode = this.options.onCancel
    if (mode === 'now') return this.stop(Outcome.fail(Outcome.cancelled()))
    w.postMessage({ ch: 'cancel', requestId } satisfies Down<P>)
    if (mode === 'keep') return
    // 'grace': the worker is done for; the next request starts another. It is terminated when
    // it acknowledges (see `receive`) or after the grace, whichever comes first.
    this.detach(Outcome.fail(Outcome.cancelled()))
    setTimeout(() => w.terminate(), this.options.graceMs ?? CANCEL_GRACE_MS)
  }

  /** Terminates the worker that is up; its requests still running settle with `outcome`. */
  private stop(outcome?: Outcome.Outcome<never>): void {
    const w = this.worker
    this.detach(outcome)
    w?.terminate()
  }

  private detach(outcome?: Outcome.Outcome<never>): void {
    const w = this.worker
    this.worker = undefined
    for (const [, p] of [...this.pending]) if (p.worker === w && outcome) p.settle(outcome)
  }

  private crashed(): ErrorInfo {
    return { name: 'WorkerError', message: `${this.options.name} stopped unexpectedly.`, hints: [...this.options.hints] }
  }

  private unloadable(): ErrorInfo {
    return {
      name: 'WorkerError',
      message: `${this.options.name} could not be loaded.`,
      hints: ['Reload the page and try again (a newer version of the app may have replaced the one this page started with).'],
    }
  }
}

/** The run with its answer turned into another value (a tool run's result out of its answer). */
export function mapRun<A, B>(run: Run<A>, f: (a: A) => B): Run<B> {
  return { promise: run.promise.then((o) => (o.ok ? Outcome.ok(f(o.value)) : o)), cancel: run.cancel }
}
