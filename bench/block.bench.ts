/**
 * A block, whole (#38), on an anvil started here (bench/anvilKit.ts): a block of 200 transactions
 * of seven kinds (test/chain/blockKit.ts) shown whole as /block's "Every transaction" loads it
 * (BlockWhole.load: the block and its receipts, both roots rebuilt and checked against the header,
 * the callTracer and the prestate diff of the whole block), beside `cast run` of its last
 * transaction (which replays the block's 199 earlier transactions, then traces that one). The
 * second row is the page's own part alone (BlockRoots.check of the listing already fetched): the
 * rest of the first row is the node's tracers re-executing the block.
 */
import { execFile } from 'node:child_process'
import { tmpdir } from 'node:os'
import { promisify } from 'node:util'
import * as BlockRoots from '../src/core/chain/BlockRoots'
import * as BlockWhole from '../src/core/chain/BlockWhole'
import * as Rpc from '../src/core/chain/Rpc'
import { mixedBlock } from '../test/chain/blockKit'
import { startAnvil, type Node } from './anvilKit'
import { castBin } from './debugChain'
import type { BenchCase, BenchSuite } from './harness'

const COUNT = 200
const execFileAsync = promisify(execFile)

let node: Node
let number: string
let last: string
let listing: { block: unknown; receipts: unknown[] }

const ours = async () => {
  const w = await BlockWhole.load(Rpc.http(node.url), number)
  if (w.rows.length !== COUNT) throw new Error(`${w.rows.length} rows`)
  return w
}
const castRun = () => execFileAsync(castBin, ['run', last, '--rpc-url', node.url], { cwd: tmpdir(), maxBuffer: 64 * 2 ** 20, env: { ...process.env, NO_COLOR: '1', FOUNDRY_DISABLE_NIGHTLY_WARNING: '1', FOUNDRY_OFFLINE: 'true' } })

let ready: Promise<void> | undefined
function setup(): Promise<void> {
  ready ??= (async () => {
    node = await startAnvil()
    const b = await mixedBlock(node.rpc, COUNT)
    number = String(b.number)
    const block = await node.rpc<{ transactions: string[] }>('eth_getBlockByNumber', [`0x${b.number.toString(16)}`, false])
    last = block.transactions[COUNT - 1]!
    const n = `0x${b.number.toString(16)}`
    listing = { block: await node.rpc('eth_getBlockByNumber', [n, true]), receipts: await node.rpc('eth_getBlockReceipts', [n]) }
  })()
  return ready
}

const cases: BenchCase[] = [
  {
    name: `a block of ${COUNT} transactions shown whole (BlockWhole.load: roots checked, callTracer and prestate diff of the block), vs cast run of its last transaction`,
    setup,
    ours,
    baselines: { 'cast run (last transaction)': castRun },
    rounds: 3,
    minMs: 0,
  },
  {
    name: `the page's own part: both roots of the ${COUNT} transactions and receipts rebuilt and checked (BlockRoots.check), vs cast run of its last transaction`,
    setup,
    ours: () => BlockRoots.check(listing.block, listing.receipts),
    baselines: { 'cast run (last transaction)': castRun },
    rounds: 5,
  },
]

const suite: BenchSuite = { name: 'A block, whole', cases }
export default suite
