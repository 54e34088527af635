import { defineTool } from '../define'
import { parse, type Input } from './input'
import { toToolResult, type Summary } from './rows'
import meta from './meta'

export { parse, type Input } from './input'

export default defineTool<Input, Summary>(meta, {
  parse,
  // the page runs it in its simulation engine (a worker with the EVM), kept across runs
  engine: 'debug',
  async run(input, ctx) {
    // the EVM loads only when a recording runs (the page records in its worker instead)
    const { clientFor, customError, record, summarise } = await import('./engine')
    const client = clientFor(ctx.rpc, ctx.rpcUrl, { signal: ctx.signal, onRoundTrip: (n, req) => ctx.progress(0, `${n} node round trips, ${req} requests`) })
    const { result, recording } = await record(client, input)
    return toToolResult(summarise(result, recording, await customError(result)), ctx.rpcUrl)
  },
})
