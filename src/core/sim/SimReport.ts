/**
 * A simulation result made readable: every frame's input decoded as a call, its output as
 * the function's results or its revert as an error, every event decoded (the person's ABIs
 * first, then the offline signature table, then a guess), the asset changes with token
 * symbols and decimals read from the chain, and warnings worth reading before signing.
 * Plain data throughout (structured-clone safe), so a worker builds it and the page shows it.
 *
 * @example
 * ```ts
 * const report = await SimReport.build(result, { abis, rpc: session.rpc, blockTag: session.stateTag })
 * report.root.call?.signature // 'transfer(address,uint256)'
 * ```
 */
import type * as Abi from '../abi/Abi'
import * as AssetChanges from './AssetChanges'
import * as Calldata from '../abi/Calldata'
import type * as CallTrace from './CallTrace'
import type * as Simulation from './Simulation'
import type * as SignatureTable from '../abi/SignatureTable'
import * as SimRpc from './SimRpc'
import type * as TraceCompare from './TraceCompare'

export interface ArgView {
  name: string
  type: string
  value: string
}

export interface EventView {
  /** Position in execution order (logs of reverted frames included, marked `reverted`). */
  index: number
  address: string
  topics: string[]
  data: string
  reverted: boolean
  signature?: string
  source?: string
  args?: ArgView[]
}

/** A frame of the trace as the report shows it: the call's own fields (as `CallTrace.Frame`), decoded. */
export interface FrameView extends Pick<CallTrace.Frame, 'type' | 'from' | 'to' | 'gas' | 'gasUsed' | 'input' | 'error' | 'revertReason'> {
  /** Indexes from the root. */
  path: number[]
  /** Wei, decimal. */
  value?: string
  output: string
  /** The frame lies on the path from the root to where the transaction failed. */
  onFailurePath: boolean
  call?: { signature: string; human: string; source: string; args: ArgView[] }
  result?: ArgView[]
  revert?: { signature: string; reason?: string; source: string; args: ArgView[] }
  events: EventView[]
  calls: FrameView[]
}

export interface Report {
  result: Simulation.Result
  root: FrameView
  /** Events in execution order. */
  events: EventView[]
  assets: AssetChanges.Changes
  tokens: Record<string, AssetChanges.TokenInfo>
  /** Things to read before signing: a revert, unlimited approvals, operators approved. */
  warnings: string[]
  /** Frames not decoded because the tree is large. */
  undecodedFrames: number
  /** The node's own trace compared with ours, when asked for. */
  nodeTrace?: TraceCompare.Comparison
  /** Verified mode (#26): the anchor, what was proven and what was the node's word (`VerifiedReads.summary`). */
  verified?: { anchor: string; proven: string; notProven: string; keys?: { accounts: string[]; slots: string[] } }
  /** Verified sources (#36, `debug/SimVerified.apply`): what each named, what was refused and why. */
  named?: Named
}

/** A changed slot as the storage table shows it: the variables a layout places there, and their values before and after where the source reads them from one word. */
export interface SlotView {
  name: string
  before?: string
  after?: string
}

/** What verified sources named in a report (#36): the contracts, the refusals, the changed slots' variables. */
export interface Named {
  /** The host asked. */
  host: string
  /** By lowercase address: the contract's name (`ERC1967Proxy → Counter` behind a proxy) and the line saying what named it. */
  contracts: Record<string, { name: string; by: string }>
  /** Addresses with no verified source used, and why (refused: the host's code differs from the chain's). */
  failed: { address: string; refused: boolean; message: string }[]
  /** By lowercase address: each changed slot (as the report spells it) → its variables, their values before and after as the source reads them (value types: SlotNames.read), and what named them. */
  slots: Record<string, { names: Record<string, string>; values?: Record<string, { before?: string; after?: string }>; by: string }>
}

/** At most this many frames are decoded (the rest are shown raw). */
export const MAX_DECODED_FRAMES = 500

const argViews = (args: readonly Calldata.Arg[]): ArgView[] => args.map((a) => ({ name: a.name, type: a.type, value: a.value }))

/** Builds the report; reads token symbols and decimals through `rpc` when given (one round trip). */
export async function build(result: Simulation.Result, options: { abis?: readonly Abi.Abi[]; table?: SignatureTable.Table | undefined; rpc?: SimRpc.Client; blockTag?: string } = {}): Promise<Report> {
  const opts: Calldata.DecodeOptions = { abis: options.abis ?? [], nested: false, ...(options.table ? { table: options.table } : {}) }
  let decoded = 0
  let skipped = 0
  let eventIndex = 0
  const events: EventView[] = []
  const failure = result.failurePath ?? []

  const eventOf = (l: CallTrace.Log, reverted: boolean): EventView => {
    const e: EventView = { index: eventIndex++, address: l.address, topics: l.topics, data: l.data, reverted }
    try {
      const d = Calldata.decodeEvent(l.topics, l.data, opts)
      e.signature = d.signature
      e.source = d.source
      e.args = d.args.map((a) => ({ name: a.name, type: a.type, value: a.value }))
    } catch {
      /* an event nobody knows: shown raw */
    }
    return e
  }

  const walk = (f: CallTrace.Frame, path: number[], parentFailed: boolean): FrameView => {
    const failed = parentFailed || !!f.error
    const v: FrameView = {
      path,
      type: f.type,
      from: f.from,
      ...(f.to ? { to: f.to } : {}),
      ...(f.value !== undefined ? { value: BigInt(f.value).toString() } : {}),
      gas: BigInt(f.gas).toString(),
      gasUsed: BigInt(f.gasUsed).toString(),
      input: f.input,
      output: f.output ?? '0x',
      ...(f.error ? { error: f.error } : {}),
      ...(f.revertReason ? { revertReason: f.revertReason } : {}),
      onFailurePath: !!result.failurePath && path.length <= failure.length && path.every((p, i) => failure[i] === p),
      events: [],
      calls: [],
    }
    if (decoded < MAX_DECODED_FRAMES) {
      decoded++
      const creates = f.type === 'CREATE' || f.type === 'CREATE2'
      let item: Abi.FunctionItem | undefined
      if (!creates && f.input.length >= 10)
        try {
          const c = Calldata.decodeCall(f.input, opts)
          item = c.item
          v.call = { signature: c.signature, human: c.human, source: c.source, args: argViews(c.args) }
        } catch {
          /* not ABI call data */
        }
      if (f.error && v.output.length >= 10)
        try {
          const r = Calldata.decodeError(v.output, opts)
          v.revert = { signature: r.signature, ...(r.reason ? { reason: r.reason } : {}), source: r.source, args: argViews(r.args) }
        } catch {
          /* revert data nobody knows */
        }
      else if (!f.error && item && item.outputs.length && v.output !== '0x')
        try {
          v.result = argViews(Calldata.decodeResult(item.outputs, v.output))
        } catch {
          /* the output does not fit the ABI's outputs */
        }
    } else skipped++
    // logs interleaved with child calls in execution order (geth's `position`)
    const logs = f.logs ?? []
    const calls = f.calls ?? []
    let li = 0
    for (let ci = 0; ci <= calls.length; ci++) {
      while (li < logs.length && Number(logs[li]!.position) === ci) {
        const e = eventOf(logs[li++]!, failed)
        v.events.push(e)
        events.push(e)
      }
      if (ci < calls.length) v.calls.push(walk(calls[ci]!, [...path, ci], failed))
    }
    while (li < logs.length) {
      const e = eventOf(logs[li++]!, failed)
      v.events.push(e)
      events.push(e)
    }
    return v
  }

  const root = walk(result.trace, [], false)
  const assets = AssetChanges.fromResult(result)
  let tokens: Record<string, AssetChanges.TokenInfo> = {}
  const tokenAddrs = assets.tokens.filter((t) => t.standard === 'erc20').map((t) => t.token)
  if (options.rpc && options.blockTag && tokenAddrs.length)
    try {
      tokens = await AssetChanges.tokenInfo(options.rpc, options.blockTag, tokenAddrs)
    } catch (e) {
      if (e instanceof SimRpc.CancelledError) throw e
      /* symbols are a nicety: without them amounts are shown raw */
    }
  const warnings: string[] = []
  if (result.status === 'reverted')
    warnings.push(`The transaction reverts${result.revertReason ? `: ${result.revertReason}` : root.revert?.reason ? `: ${root.revert.reason}` : root.revert ? `: ${root.revert.signature}` : ` (${result.error})`}. Sending it would only spend gas.`)
  for (const t of assets.tokens) {
    if (t.kind === 'approval' && t.unlimited) warnings.push(`Unlimited approval: ${t.spender} may move all ${tokens[t.token]?.symbol ?? 'tokens'} of ${t.owner} at ${t.token}.`)
    if (t.kind === 'approvalForAll' && t.approved) warnings.push(`Operator approval: ${t.operator} may move every token of ${t.owner} in collection ${t.token}.`)
  }
  if (result.pendingRefused) warnings.push(`Simulated at the latest block: the node would not serve its pending state (${result.pendingRefused}), so transactions waiting in its pool are not seen.`)
  return { result, root, events, assets, tokens, warnings, undecodedFrames: skipped }
}
