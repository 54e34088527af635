import { defineTool } from '../define'
import { parse, type Input } from './input'
import { toToolResult } from './rows'
import meta from './meta'

export { parse, type Input } from './input'

export default defineTool<Input>(meta, {
  parse,
  async run(input, ctx) {
    // the EVM loads only when a recording runs (the page records in its worker instead)
    const { clientFor, customError, record, summarise } = await import('./engine')
    const client = clientFor(ctx.rpc, ctx.rpcUrl, { signal: ctx.signal, onRoundTrip: (n, req) => ctx.progress(0, `${n} node round trips, ${req} requests`) })
    const { result, recording } = await record(client, input)
    return toToolResult(summarise(result, recording, await customError(result)))
  },
})
