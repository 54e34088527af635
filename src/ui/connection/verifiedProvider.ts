/**
 * Verified reads (#26) for the tools that read through the chosen node: the node's provider
 * wrapped so that balances, nonces, code and storage come only from proofs, and eth_call is
 * re-executed in the simulation worker over proven state at the same anchored header. Loaded
 * only when the switch is on.
 */
import { RelayedError } from '../../core/Errors'
import * as SimRpc from '../../core/sim/SimRpc'
import * as VerifiedReads from '../../core/sim/VerifiedReads'
import type { Eip1193Like, ToolResult } from '../../tools/types'
import { callInput, simulateOnce } from '../hooks/simulation'

type Hex = `0x${string}`

/** The provider a network tool gets while verified reads are on, and its record. */
export function verifiedProvider(rpc: Eip1193Like, rpcUrl: string, anchor: VerifiedReads.AnchorSpec): { rpc: Eip1193Like; record: VerifiedReads.Record } {
  const t = VerifiedReads.transport(SimRpc.eip1193Transport(rpc, rpcUrl), VerifiedReads.anchorOf(anchor))
  const execute: VerifiedReads.Execute = async (tx, h) => {
    const run = simulateOnce(
      callInput({
        from: (tx.from ?? '0x0000000000000000000000000000000000000000') as Hex,
        to: tx.to as Hex | undefined,
        value: tx.value ? BigInt(tx.value) : 0n,
        data: (tx.data ?? '0x') as Hex,
        gas: tx.gas ? BigInt(tx.gas) : undefined,
        block: `0x${h.number.toString(16)}`,
      }),
      // the same header, anchored by its hash: the worker's reads are proven against it
      { rpc, rpcUrl, verified: { kind: 'hash', hash: h.hash } },
    )
    const outcome = await run.promise
    if (!outcome.ok) throw new RelayedError(outcome.error)
    // what the worker proved to re-execute the call is proven for this read too (#41: it was counted nowhere)
    if (outcome.value.verified?.keys) VerifiedReads.addProven(t.record, outcome.value.verified.keys)
    const r = outcome.value.result
    return { status: r.status, returnData: r.returnData, ...(r.error ? { error: r.error } : {}) }
  }
  const p = VerifiedReads.provider(t, execute)
  return { rpc: p, record: t.record }
}

/** The result with a "Verified reads" section first: the anchor, what was proven, what was not. */
export function withVerification(result: ToolResult, record: VerifiedReads.Record): ToolResult {
  const s = VerifiedReads.summary(record)
  const any = record.accounts > 0 || record.executed > 0
  return {
    ...result,
    sections: [
      {
        title: 'Verified reads',
        rows: [
          { label: 'Anchor', value: s.anchor, mono: false, ...(record.anchor.kind === 'none' ? { tone: 'warn' as const } : {}) },
          { label: 'Proven', value: any ? s.proven : 'nothing this tool read needed a proof', mono: false, copy: false, ...(any ? { tone: 'ok' as const } : {}) },
          { label: 'Not proven', value: s.notProven, mono: false, copy: false },
        ],
      },
      ...result.sections,
    ],
  }
}
