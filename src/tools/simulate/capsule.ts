/**
 * Simulation capsules for /simulate (issue #26, core/sim/SimCapsule): `exportCapsule` re-runs
 * the form's call over the node (with its state and block overrides) and packs it with its
 * witness into one file; `openCapsule`
 * replays a capsule with no node. Both give the report's SHA-256 (the outcome's JSON, the same
 * bytes on every device) and a readable report built without the node (no token names).
 * With the verified-source lookup ticked (#36), the export carries the sources that named the
 * report (the page hands `carry`), and opening names the report by them, each checked against
 * the code the witness proves (`core/debug/CarriedSources`), with no host.
 */
import * as SignatureTable from '../../core/abi/SignatureTable'
import * as CarriedSources from '../../core/debug/CarriedSources'
import type * as VerifiedAbi from '../../core/debug/VerifiedAbi'
import type * as BlockOverrides from '../../core/sim/BlockOverrides'
import * as SimCapsule from '../../core/sim/SimCapsule'
import * as SimReport from '../../core/sim/SimReport'
import * as SimRpc from '../../core/sim/SimRpc'
import * as SimWitness from '../../core/sim/SimWitness'
import { TX_GAS_LIMIT_CAP } from '../../core/sim/Simulation'
import type * as Simulation from '../../core/sim/Simulation'
import { overridesOf } from '../kit/blockContext'
import type { Eip1193Like, Row, Section } from '../types'
import type { Input } from './input'

export interface Shown {
  bytes?: Uint8Array
  sha256: `0x${string}`
  reportSha256: `0x${string}`
  report: SimReport.Report
  sections: Section[]
}

/** The verified sources a capsule carries, for the rows: how many, and the contracts they name. */
function sourcesRow(report: SimReport.Report, carried: number, opened: boolean): Row {
  const named = Object.values(report.named?.contracts ?? {}).map((c) => c.name)
  const refused = report.named?.failed.filter((f) => f.refused).length ?? 0
  return {
    label: 'Verified sources',
    value: `${carried} carried${named.length ? `: ${named.join(', ')}` : ''}${refused ? `; ${refused} refused` : ''}`,
    mono: false,
    note: opened
      ? 'each checked against the code the capsule’s proofs hold at its address, with no host; a source whose code differs is refused and names nothing'
      : 'the hosts’ answers that named this report, carried so the capsule names it wherever it is opened, with no host',
    ...(refused ? { tone: 'error' as const } : {}),
  }
}

/** Names a report by verified sources and gives the sources to carry (the page: its lookup through its connection policy and cache). */
export type Carry = (report: SimReport.Report) => Promise<{ report: SimReport.Report; sources: SimCapsule.Source[] }>

async function shown(result: Simulation.Result, report: string, sha256: `0x${string}`, extra: Row[], name?: (r: SimReport.Report) => Promise<SimReport.Report>): Promise<Shown> {
  const reportSha256 = SimWitness.fingerprint(new TextEncoder().encode(report))
  const plain = await SimReport.build(result, { table: await SignatureTable.load().catch(() => undefined) })
  const built = name ? await name(plain) : plain
  return {
    sha256,
    reportSha256,
    report: built,
    sections: [
      {
        title: 'Capsule',
        rows: [
          { label: 'Capsule SHA-256', value: sha256, note: 'compare it with the one shown where the capsule was made' },
          { label: 'Report SHA-256', value: reportSha256, note: 'the outcome’s bytes (call tree, logs, state and asset changes): the same wherever it is opened, and the trace hash a signer’s witness shows for the same call' },
          ...extra,
        ],
      },
    ],
  }
}

/** Simulates the form's call over the node and makes its capsule (with `carry`: carrying the verified sources that name its report). */
export async function exportCapsule(input: Input, overridesText: string, rpc: Eip1193Like | undefined, rpcUrl: string | undefined, carry?: Carry): Promise<Shown> {
  if (input.mode !== 'call' || !input.from) throw new SimCapsule.CapsuleError('Only a call can be packed in a capsule', 'choose “A call or transaction”')
  if (input.block === 'pending') throw new SimCapsule.CapsuleError('The pending state cannot be proven', 'choose latest or a block number')
  const transport = rpcUrl && /^https?:\/\//i.test(rpcUrl) ? SimRpc.httpTransport(rpcUrl) : rpc ? SimRpc.eip1193Transport(rpc, rpcUrl) : undefined
  if (!transport) throw new SimCapsule.CapsuleError('No node', 'connect to a node to make a capsule')
  // A capsule holds a gas limit. Left empty, the form's own run takes the hardfork's cap; the
  // capsule takes EIP-7825's 16,777,216, the most any hardfork accepts (30,000,000 is refused
  // under Osaka rules, which would refuse every capsule of a form without a gas limit).
  const gas = input.gas ?? TX_GAS_LIMIT_CAP
  const call = { from: input.from, ...(input.to ? { to: input.to } : {}), value: input.value ?? 0n, data: input.data ?? '0x', gas }
  const made = await SimCapsule.make(transport, call, { ...(input.block ? { block: input.block } : {}), overrides: overridesText, blockOverrides: overridesOf(input) })
  let file = { bytes: made.bytes, sha256: made.sha256 }
  let carried: SimCapsule.Source[] = []
  const s = await shown(
    made.result,
    made.report,
    made.sha256,
    [],
    carry &&
      (async (plain) => {
        const c = await carry(plain)
        carried = c.sources
        if (carried.length) file = SimCapsule.withSources(made.bytes, carried)
        return c.report
      }),
  )
  const rows: Row[] = [
    // the file's hash, with the sources it carries
    ...s.sections[0]!.rows.map((r, i) => (i === 0 ? { ...r, value: file.sha256 } : r)),
    { label: 'Size', value: `${file.bytes.length.toLocaleString('en-US')} bytes`, mono: false },
    { label: 'Gas limit', value: gas.toLocaleString('en-US'), mono: false, ...(input.gas === undefined ? { note: 'the form leaves it empty: the most any hardfork accepts (EIP-7825)' } : {}) },
    ...(carry ? [sourcesRow(s.report, carried.length, false)] : []),
  ]
  return { ...s, sha256: file.sha256, sections: [{ ...s.sections[0]!, rows }], bytes: file.bytes }
}

/** Opens a capsule with no node; `offThread`: how the page reads its carried sources and names the report by them (its worker), else here. */
export async function openCapsule(bytes: Uint8Array, offThread?: { read: VerifiedAbi.Reader; apply: CarriedSources.Applier }): Promise<Shown> {
  const o = await SimCapsule.open(bytes)
  const carried = o.capsule.sources?.length ?? 0
  const s = await shown(
    o.result,
    o.report,
    o.sha256,
    [
      { label: 'Block', value: `${o.blockNumber} (${o.blockHash}), ${o.capsule.hardfork}`, mono: false },
      { label: 'Overrides', value: o.capsule.overrides || 'none', mono: o.capsule.overrides !== '' },
      { label: 'Block overrides', value: blockText(o.capsule.blockOverrides), mono: false },
    ],
    carried ? (plain) => (offThread ? CarriedSources.name(plain, o, offThread.read, offThread.apply) : CarriedSources.name(plain, o)) : undefined,
  )
  if (!carried) return s
  return { ...s, sections: [{ ...s.sections[0]!, rows: [...s.sections[0]!.rows, sourcesRow(s.report, carried, true)] }] }
}

/** The block overrides a capsule carries, as a person reads them (integers in decimal). */
function blockText(o: BlockOverrides.Overrides | undefined): string {
  const parts = [
    o?.timestamp !== undefined && `timestamp ${o.timestamp}`,
    o?.number !== undefined && `number ${o.number}`,
    o?.baseFee !== undefined && `base fee ${o.baseFee} wei`,
    o?.coinbase !== undefined && `coinbase ${o.coinbase}`,
    o?.prevrandao !== undefined && `prevrandao ${o.prevrandao}`,
    o?.gasLimit !== undefined && `gas limit ${o.gasLimit}`,
  ].filter((p): p is string => typeof p === 'string')
  return parts.length ? parts.join(', ') : 'none'
}
