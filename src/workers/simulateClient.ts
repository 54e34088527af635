/**
 * Main-thread side of the simulation worker, over `./channel`. A `SimulationWorker` keeps one
 * worker (and so one session, for chained simulations) until it is reset or a run is
 * cancelled; `cancel()` terminates the worker at once, whatever the EVM is doing.
 */
import type * as Abi from '../core/abi/Abi'
import * as Outcome from '../core/Outcome'
import type * as SimReport from '../core/sim/SimReport'
import type { Input } from '../tools/simulate/input'
import { Channel, type Run } from './channel'
import type { SimProtocol } from './protocol'
import { fetchableUrl, relayCalls, type RpcConnection, type RpcEvent, type RpcReply } from './relay'

/** What a simulation runs: a call, a mined transaction by hash, a bundle (`tools/simulate`'s input). */
export type SimInput = Input

/** Where the simulation reads state from (see `./relay`). */
export type SimConnection = RpcConnection

/** A simulation on its way: its report, or why there is none. */
export type SimRun = Run<SimReport.Report>

/**
 * A channel's options for a worker that runs the EVM (the simulation's, the debugger's): cancel
 * terminates it at once, whatever the EVM is doing.
 */
export const evmWorker = (spawn: () => Worker, name: string, what: string) => ({ spawn, name, hints: [`Try again; a very large ${what} may not fit this device.`], onCancel: 'now' as const })

/** Answers a run's relayed round trips (a wallet's connection) through the page's provider. */
export const relayTo =
  (channel: { notify(n: RpcReply): void }, connection: RpcConnection) =>
  (e: RpcEvent): void =>
    void relayCalls(connection, e.calls).then((reply) => channel.notify({ type: 'rpc-reply', id: e.id, ...reply }))

export class SimulationWorker {
  private readonly channel = new Channel<SimProtocol>(evmWorker(() => new Worker(new URL('./simulate.worker.ts', import.meta.url), { type: 'module', name: 'simulate' }), 'The simulation worker', 'simulation'))
  private current: SimRun | undefined

  /**
   * Simulates; `onProgress` gets the node round trips and requests so far. A run still going
   * is cancelled ("Replaced by a new simulation."), which ends its worker and session: a
   * session caught mid-run is not one to chain on. (The pages never start a run while one goes.)
   */
  run(input: Input, connection: SimConnection, options: { abis?: Abi.Abi[]; onProgress?: (roundTrips: number, requests: number) => void } = {}): SimRun {
    this.current?.cancel(Outcome.cancelled('Replaced by a new simulation.'))
    // without chaining, a fresh worker: nothing of the previous session survives
    if (!input.chain) this.reset()
    const run = this.channel.request(
      { type: 'run', input, rpcUrl: fetchableUrl(connection), abis: options.abis ?? [], ...(connection.verified ? { verified: connection.verified } : {}) },
      {
        onProgress: (p) => options.onProgress?.(p.roundTrips, p.requests),
        onEvent: relayTo(this.channel, connection),
      },
    )
    this.current = run
    void run.promise.then(() => {
      if (this.current === run) this.current = undefined
    })
    return run
  }

  /** Forgets the session (terminates the worker); the next run starts fresh. */
  reset(): void {
    this.channel.close()
  }
}
