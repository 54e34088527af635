import type * as SimReport from '../../core/sim/SimReport'
import type { FetchLike } from '../../core/debug/VerifiedSource'
import { defineTool } from '../define'
import type { Holder } from './engine'
import { parse, type Input } from './input'
import meta from './meta'

export { MAX_STEPS, parse, type Input } from './input'

/** Chained simulations on the main thread (the page runs them in a worker instead). */
const holder: Holder = {}

export default defineTool<Input, SimReport.Report>(meta, {
  parse,
  // the page runs it in its simulation engine (a worker with the EVM), kept across runs
  engine: 'simulation',
  async run(input, ctx) {
    // the EVM loads only when a simulation runs
    const { clientFor, simulate, toToolResult } = await import('./engine')
    const client = clientFor(ctx.rpc, ctx.rpcUrl, { signal: ctx.signal, onRoundTrip: (n, req) => ctx.progress(0, `${n} node round trips, ${req} requests`) })
    if (!input.chain) holder.session = undefined
    const report = await simulate(client, input, holder)
    // the lookup ticked (`ctx.fetch` given only then): the trace named by verified sources (#36)
    if (!input.lookup || !ctx.fetch) return toToolResult(report, ctx.rpcUrl)
    const CarriedSources = await import('../../core/debug/CarriedSources')
    const named = await CarriedSources.carry({ rpc: ctx.rpc, fetch: ctx.fetch as unknown as FetchLike, host: input.host ?? '', signal: ctx.signal }, report)
    return toToolResult(named.report, ctx.rpcUrl)
  },
})
