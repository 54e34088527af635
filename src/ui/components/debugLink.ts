/**
 * The "Debug" hand-off of a simulation: the row that opens /debug on the same call or mined
 * transaction (its replay place and block context overrides included), or says why it cannot.
 * Used by SimulationView (/simulate, contract read) and the send confirmation's summary.
 */
import type * as SimReport from '../../core/sim/SimReport'
import type { RawInput, Row } from '../../tools/types'

const dec = (hex: string) => BigInt(hex).toString()

/** The debug tool's fields for the simulation's transaction (block context overrides as its fields name them). */
export function debugInputs(report: SimReport.Report): RawInput {
  const r = report.result
  if (r.replayed) {
    const place: RawInput = r.replayed.atBlock !== undefined ? { atBlock: r.replayed.atBlock } : r.replayed.earlierTxs !== r.replayed.index ? { position: String(r.replayed.earlierTxs) } : {}
    return { mode: 'hash', hash: r.replayed.hash, ...place }
  }
  const b = r.overridden?.block
  const block: RawInput = b
    ? {
        blockOverrides: 'true',
        ...(b.time ? { timestamp: dec(b.time) } : {}),
        ...(b.number ? { number: dec(b.number) } : {}),
        ...(b.baseFee ? { baseFee: `${dec(b.baseFee)} wei` } : {}),
        ...(b.feeRecipient ? { coinbase: b.feeRecipient } : {}),
        ...(b.prevRandao ? { prevrandao: b.prevRandao } : {}),
        ...(b.gasLimit ? { blockGasLimit: dec(b.gasLimit) } : {}),
      }
    : {}
  return { mode: 'call', from: r.from, to: r.to ?? '', value: `${BigInt(r.value)} wei`, data: report.root.input, gas: BigInt(r.gasLimit).toString(), block: r.block.stateBlock, ...block }
}

/** The summary row that offers the debugger (a note instead where it would debug something else). */
export function debugRow(report: SimReport.Report): Row {
  const r = report.result
  if (r.chainedIndex > 1) return { label: 'Debugger', value: 'not for a chained simulation', mono: false, note: 'The debugger starts from the node\'s state: it does not know the simulations this one is chained on.' }
  if (r.overridden?.state) return { label: 'Debugger', value: 'not with state overrides', mono: false, note: 'The debugger takes no state overrides: run it without them to step through.' }
  return { label: 'Debugger', value: 'every opcode step', mono: false, open: { tool: 'debug', inputs: debugInputs(report), label: 'Debug', run: true } }
}
