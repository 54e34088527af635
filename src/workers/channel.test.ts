/**
 * The channel and `serve` together, in Node: each test's worker is a stand-in (`fake`) whose
 * "thread" runs `serve` in this process, with messages structured-cloned and delivered in
 * later tasks, as between threads. A worker can be stalled (busy in code that reads no
 * messages, as WebAssembly is), crash, or fail to load.
 */
import { describe, expect, it, vi } from 'vitest'
import { BaseError } from '../core/Errors'
import * as Outcome from '../core/Outcome'
import { Channel, mapRun, type ChannelOptions, type Protocol, type WorkerLike } from './channel'
import { serve, type Handlers, type WorkerScope } from './serve'

interface TestProtocol extends Protocol {
  request: { type: 'echo' | 'wait' | 'throw' | 'invalid' | 'relay'; n: number }
  answer: number
  progress: { done: number }
  event: { ask: number }
  notice: { type: 'reply'; value: number }
}

interface Fake extends WorkerLike {
  /** Every message the page posted, as sent. */
  posted: unknown[]
  terminated: boolean
  /** While true the worker's thread reads no messages (a loop that cannot check). */
  stalled: boolean
  crash(): void
  unreadable(): void
  /** The worker's own side, to post from by hand. */
  scope: WorkerScope
}

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms))

/** A `wait` request and a promise that resolves once the worker runs it (its first progress): no timed wait for a worker to load. */
function running(ch: Channel<TestProtocol>, n: number) {
  let started!: () => void
  const runs = new Promise<void>((r) => (started = r))
  const run = ch.request({ type: 'wait', n }, { onProgress: (p: { done: number }) => p.done === 1 && started() })
  return { run, runs }
}

/** A stand-in worker whose thread runs `load(scope)` once its "code has loaded" (a task later); `load` undefined: its code never loads. */
function fake(load: ((scope: WorkerScope) => void) | undefined): Fake {
  const scope: WorkerScope = {
    onmessage: null,
    postMessage(m) {
      const data = structuredClone(m)
      setTimeout(() => w.terminated || w.onmessage?.call(w as unknown as Worker, { data } as MessageEvent))
    },
  }
  const deliver = (data: unknown) => {
    if (w.terminated) return
    if (w.stalled) return void setTimeout(() => deliver(data), 5)
    void scope.onmessage?.({ data } as MessageEvent)
  }
  const w: Fake = {
    posted: [],
    terminated: false,
    stalled: false,
    scope,
    onmessage: null,
    onerror: null,
    onmessageerror: null,
    postMessage(m: unknown) {
      if (w.terminated) return
      w.posted.push(m)
      const data = structuredClone(m)
      setTimeout(() => deliver(data))
    },
    terminate() {
      w.terminated = true
    },
    crash() {
      w.onerror?.call(w as unknown as Worker, { preventDefault() {} } as ErrorEvent)
    },
    unreadable() {
      w.onmessageerror?.call(w as unknown as Worker, {} as MessageEvent)
    },
  }
  if (load) setTimeout(() => load(scope))
  return w
}

/** What the test worker does with each request (the way a *.worker.ts file calls `serve`). */
function handlers(seen: { aborted: number[]; replies: number[] } = { aborted: [], replies: [] }): Handlers<TestProtocol> {
  let answerRelay: ((v: number) => void) | undefined
  return {
    notice(n) {
      seen.replies.push(n.value)
      answerRelay?.(n.value)
    },
    async request(req, ctx) {
      if (req.type === 'throw') throw new BaseError('Test.BadError', 'That went wrong.', { hints: ['Do it right.'] })
      if (req.type === 'invalid') return Outcome.fail({ name: 'InputError', message: 'Some inputs are not valid.', hints: [] }, { n: 'too big' })
      if (req.type === 'relay') {
        const v = await new Promise<number>((r) => {
          answerRelay = r
          ctx.emit({ ask: req.n })
        })
        return Outcome.ok(v)
      }
      for (let i = 1; i <= 3; i++) ctx.progress({ done: i })
      if (req.type === 'wait')
        while (!ctx.signal.aborted) await tick(2)
      if (ctx.signal.aborted) seen.aborted.push(req.n)
      return Outcome.ok(req.n * 2)
    },
  }
}

function channel(options: Partial<ChannelOptions> & { load?: ((scope: WorkerScope) => void) | null } = {}) {
  const spawned: Fake[] = []
  const seen = { aborted: [] as number[], replies: [] as number[] }
  const load = options.load === null ? undefined : (options.load ?? ((scope: WorkerScope) => serve(scope, handlers(seen))))
  const ch = new Channel<TestProtocol>({
    name: 'The test worker',
    hints: ['Try again.'],
    onCancel: 'grace',
    graceMs: 40,
    ...options,
    spawn: () => {
      const w = fake(load)
      spawned.push(w)
      return w
    },
  })
  return { ch, spawned, seen }
}

describe('Channel', () => {
  it('answers a request as an Outcome, with the request’s own keys at the top of the message', async () => {
    const { ch, spawned } = channel()
    const o = await ch.request({ type: 'echo', n: 21 }).promise
    expect(o).toEqual({ ok: true, value: 42 })
    expect(spawned[0]!.posted[0]).toEqual({ type: 'echo', n: 21, ch: 'request', requestId: 1 })
  })

  it('matches answers to their requests on a long-lived worker', async () => {
    const { ch, spawned } = channel({ onCancel: 'keep' })
    const outs = await Promise.all([1, 2, 3].map((n) => ch.request({ type: 'echo', n }).promise))
    expect(outs).toEqual([Outcome.ok(2), Outcome.ok(4), Outcome.ok(6)])
    expect(spawned).toHaveLength(1)
    expect(spawned[0]!.terminated).toBe(false)
  })

  it('passes progress in order, before the answer', async () => {
    const { ch } = channel()
    const got: number[] = []
    const run = ch.request({ type: 'echo', n: 1 }, { onProgress: (p) => got.push(p.done) })
    await run.promise
    expect(got).toEqual([1, 2, 3])
  })

  it('a thrown error crosses as the failure’s ErrorInfo; field errors cross with it', async () => {
    const { ch } = channel({ onCancel: 'keep' })
    expect(await ch.request({ type: 'throw', n: 0 }).promise).toEqual({ ok: false, error: { name: 'Test.BadError', message: 'That went wrong.', hints: ['Do it right.'] } })
    expect(await ch.request({ type: 'invalid', n: 0 }).promise).toEqual({ ok: false, error: { name: 'InputError', message: 'Some inputs are not valid.', hints: [] }, fieldErrors: { n: 'too big' } })
  })

  it('relays an event to the page and the page’s notice back (the simulation’s wallet round trips)', async () => {
    const { ch, seen } = channel({ onCancel: 'keep' })
    const run = ch.request({ type: 'relay', n: 5 }, { onEvent: (e) => ch.notify({ type: 'reply', value: e.ask + 1 }) })
    expect(await run.promise).toEqual(Outcome.ok(6))
    expect(seen.replies).toEqual([6])
  })

  it('a single-run worker is terminated once its request is answered', async () => {
    const { ch, spawned } = channel({ single: true })
    await ch.request({ type: 'echo', n: 1 }).promise
    expect(spawned[0]!.terminated).toBe(true)
  })

  describe('settles once', () => {
    it('ignores a second answer, and progress after the answer', async () => {
      const { ch } = channel({
        onCancel: 'keep',
        load: (scope) => {
          scope.onmessage = (ev: MessageEvent) => {
            const { requestId } = ev.data as { requestId: number }
            scope.postMessage({ type: 'answer', requestId, outcome: Outcome.ok(1) })
            scope.postMessage({ type: 'answer', requestId, outcome: Outcome.ok(2) })
            scope.postMessage({ type: 'progress', requestId, progress: { done: 9 } })
          }
        },
      })
      const progress = vi.fn()
      const then = vi.fn()
      const run = ch.request({ type: 'echo', n: 1 }, { onProgress: progress })
      void run.promise.then(then)
      // the second answer and the progress were posted before this wait's timer: they arrive first
      await run.promise
      await tick(5)
      expect(then).toHaveBeenCalledTimes(1)
      expect(then).toHaveBeenCalledWith(Outcome.ok(1))
      expect(progress).not.toHaveBeenCalled()
    })

    it('a cancel after the answer changes nothing and tells the worker nothing', async () => {
      const { ch, spawned } = channel({ onCancel: 'keep' })
      const run = ch.request({ type: 'echo', n: 4 })
      expect(await run.promise).toEqual(Outcome.ok(8))
      run.cancel()
      expect(await run.promise).toEqual(Outcome.ok(8))
      expect(spawned[0]!.posted.filter((m) => (m as { ch: string }).ch === 'cancel')).toHaveLength(0)
    })

    it('an answer after a cancel is dropped: the run stays cancelled', async () => {
      const { ch } = channel({ onCancel: 'keep' })
      const run = ch.request({ type: 'echo', n: 4 })
      run.cancel()
      await tick(20)
      expect(await run.promise).toEqual(Outcome.fail(Outcome.cancelled()))
    })

    it('a crash after the answer leaves the answer', async () => {
      const { ch, spawned } = channel({ onCancel: 'keep' })
      const run = ch.request({ type: 'echo', n: 4 })
      await run.promise
      spawned[0]!.crash()
      expect(await run.promise).toEqual(Outcome.ok(8))
    })
  })

  describe('cancel', () => {
    it('settles at once, sets the worker’s signal, and terminates the worker when it acknowledges', async () => {
      const { ch, spawned, seen } = channel()
      const { run, runs } = running(ch, 7)
      await runs
      run.cancel()
      const o = await run.promise
      expect(o.ok).toBe(false)
      expect(!o.ok && Outcome.isCancelled(o.error)).toBe(true)
      await vi.waitFor(() => expect(seen.aborted).toEqual([7]))
      await vi.waitFor(() => expect(spawned[0]!.terminated).toBe(true))
      expect(spawned[0]!.posted).toContainEqual({ ch: 'cancel', requestId: 1 })
    })

    it('terminates a worker that cannot read the cancel after the grace', async () => {
      const { ch, spawned } = channel({ graceMs: 30 })
      const { run, runs } = running(ch, 1)
      await runs
      spawned[0]!.stalled = true
      run.cancel()
      expect(await run.promise).toEqual(Outcome.fail(Outcome.cancelled()))
      expect(spawned[0]!.terminated).toBe(false)
      await tick(60)
      expect(spawned[0]!.terminated).toBe(true)
    })

    it('the next request after a cancel gets a fresh worker (the cancelled one is going)', async () => {
      const { ch, spawned } = channel({ graceMs: 1000 })
      const run = ch.request({ type: 'wait', n: 1 })
      spawned[0]!.stalled = true
      run.cancel()
      expect(await ch.request({ type: 'echo', n: 2 }).promise).toEqual(Outcome.ok(4))
      expect(spawned).toHaveLength(2)
    })

    it("'now' terminates at once", async () => {
      const { ch, spawned } = channel({ onCancel: 'now' })
      const run = ch.request({ type: 'wait', n: 1 })
      run.cancel(Outcome.cancelled('Replaced.'))
      expect(spawned[0]!.terminated).toBe(true)
      expect(await run.promise).toEqual(Outcome.fail(Outcome.cancelled('Replaced.')))
    })

    it("'keep' sets the signal and keeps the worker for the other requests", async () => {
      const { ch, spawned, seen } = channel({ onCancel: 'keep' })
      const { run: waiting, runs } = running(ch, 3)
      await runs
      waiting.cancel()
      expect(await ch.request({ type: 'echo', n: 5 }).promise).toEqual(Outcome.ok(10))
      await vi.waitFor(() => expect(seen.aborted).toEqual([3]))
      expect(spawned).toHaveLength(1)
      expect(spawned[0]!.terminated).toBe(false)
    })

    it('a request still to come (a promise) that rejects ends as cancelled and is never sent', async () => {
      const { ch, spawned } = channel({ single: true })
      const run = ch.request(Promise.reject(new Error('no shared key')))
      expect(await run.promise).toEqual(Outcome.fail(Outcome.cancelled()))
      expect(spawned[0]!.posted).toEqual([])
      expect(spawned[0]!.terminated).toBe(true)
    })

    it('close() stops the worker and cancels what runs, with the reason given', async () => {
      const { ch, spawned } = channel({ onCancel: 'keep' })
      const a = ch.request({ type: 'wait', n: 1 })
      const b = ch.request({ type: 'wait', n: 2 })
      ch.close(Outcome.cancelled('Stopped.'))
      expect(spawned[0]!.terminated).toBe(true)
      expect(await a.promise).toEqual(Outcome.fail(Outcome.cancelled('Stopped.')))
      expect(await b.promise).toEqual(Outcome.fail(Outcome.cancelled('Stopped.')))
    })
  })

  describe('a worker that fails is reported as an error', () => {
    it('a crash settles every request it was running with a WorkerError a person can act on', async () => {
      const { ch, spawned } = channel({ onCancel: 'keep' })
      // Crash only once both requests run in the worker (each reports progress first): a crash
      // before the worker has loaded is the other error, below. No timed wait: under load a
      // fixed delay was not always enough for the worker to load.
      let running = 0
      let a!: ReturnType<typeof ch.request>
      let b!: ReturnType<typeof ch.request>
      const started = new Promise<void>((res) => {
        const onProgress = (p: { done: number }) => p.done === 1 && ++running === 2 && res()
        a = ch.request({ type: 'wait', n: 1 }, { onProgress })
        b = ch.request({ type: 'wait', n: 2 }, { onProgress })
      })
      await started
      spawned[0]!.crash()
      const error = { name: 'WorkerError', message: 'The test worker stopped unexpectedly.', hints: ['Try again.'] }
      expect(await a.promise).toEqual(Outcome.fail(error))
      expect(await b.promise).toEqual(Outcome.fail(error))
      expect(spawned[0]!.terminated).toBe(true)
    })

    it('after a crash the next request starts a new worker', async () => {
      const { ch, spawned } = channel({ onCancel: 'keep' })
      await ch.request({ type: 'echo', n: 1 }).promise
      spawned[0]!.crash()
      expect(ch.alive).toBe(false)
      expect(await ch.request({ type: 'echo', n: 2 }).promise).toEqual(Outcome.ok(4))
      expect(spawned).toHaveLength(2)
    })

    it('a worker whose code never loaded says so', async () => {
      const { ch, spawned } = channel({ load: null })
      const run = ch.request({ type: 'echo', n: 1 })
      spawned[0]!.crash()
      const o = await run.promise
      expect(o.ok).toBe(false)
      expect(!o.ok && o.error).toMatchObject({ name: 'WorkerError', message: 'The test worker could not be loaded.' })
      expect(!o.ok && o.error.hints[0]).toMatch(/^Reload the page/)
    })

    it('an answer the page cannot read ends the run with an error', async () => {
      const { ch, spawned } = channel()
      const run = ch.request({ type: 'wait', n: 1 })
      await tick(10)
      spawned[0]!.unreadable()
      const o = await run.promise
      expect(!o.ok && o.error).toMatchObject({ name: 'WorkerError', message: 'The test worker sent an answer this page could not read.' })
      expect(spawned[0]!.terminated).toBe(true)
    })
  })

  it('notify reaches only a worker that is up, and never starts one', async () => {
    const { ch, spawned, seen } = channel({ onCancel: 'keep' })
    ch.notify({ type: 'reply', value: 1 })
    expect(spawned).toHaveLength(0)
    ch.open().notify({ type: 'reply', value: 2 })
    await tick(10)
    expect(seen.replies).toEqual([2])
    expect(spawned[0]!.posted).toEqual([{ type: 'reply', value: 2, ch: 'notice' }])
  })

  it('mapRun turns the answer and keeps failures and the cancel', async () => {
    const { ch } = channel({ onCancel: 'keep' })
    expect(await mapRun(ch.request({ type: 'echo', n: 2 }), (v) => `${v}`).promise).toEqual(Outcome.ok('4'))
    const run = mapRun(ch.request({ type: 'wait', n: 2 }), (v) => `${v}`)
    run.cancel()
    expect(await run.promise).toEqual(Outcome.fail(Outcome.cancelled()))
  })
})
