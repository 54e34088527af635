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
import { fetchableUrl, relayCalls, type RpcConnection } from './relay'

/** Where the simulation reads state from (see `./relay`). */
export type SimConnection = RpcConnection

/** A simulation on its way: its report, or why there is none. */
export type SimRun = Run<SimReport.Report>

export class SimulationWorker {
  private readonly channel = new Channel<SimProtocol>({
    spawn: () => new Worker(new URL('./simulate.worker.ts', import.meta.url), { type: 'module', name: 'simulate' }),
    name: 'The simulation worker',
    hints: ['Try again; a very large simulation may not fit this device.'],
    onCancel: 'now',
  })
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
        onEvent: (e) => void relayCalls(connection, e.calls).then((reply) => this.channel.notify({ type: 'rpc-reply', id: e.id, ...reply })),
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

/**
 * One simulation of a transaction about to be sent (for a send confirmation): a fresh worker,
 * terminated when done or cancelled.
 */
export function simulateTransaction(tx: { from: `0x${string}`; to?: `0x${string}` | undefined; value?: bigint; data?: `0x${string}`; gas?: bigint }, connection: SimConnection, options: { abis?: Abi.Abi[]; onProgress?: (roundTrips: number, requests: number) => void } = {}): SimRun {
  const w = new SimulationWorker()
  const input: Input = { mode: 'call', from: tx.from, to: tx.to, value: tx.value ?? 0n, data: tx.data ?? '0x', gas: tx.gas, block: 'latest', steps: false, chain: false }
  const run = w.run(input, connection, options)
  void run.promise.then(() => w.reset())
  return run
}
