import { defineTool } from '../define'
import { clientFor, parse, simulate, toToolResult, type Holder, type Input } from './engine'
import meta from './meta'

export { clientFor, parse, simulate, toToolResult, MAX_STEPS, type Holder, type Input } from './engine'

/** Chained simulations on the main thread (the page runs them in a worker instead). */
const holder: Holder = {}

export default defineTool<Input>(meta, {
  parse,
  async run(input, ctx) {
    const client = clientFor(ctx.rpc, ctx.rpcUrl, { signal: ctx.signal, onRoundTrip: (n, req) => ctx.progress(0, `${n} node round trips, ${req} requests`) })
    if (!input.chain) holder.session = undefined
    return toToolResult(await simulate(client, input, holder))
  },
})
