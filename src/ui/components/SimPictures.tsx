/**
 * The simulation's pictures, loaded only when a simulation is drawn (SimulationView imports
 * this file lazily, so d3 is in no other route's chunks):
 *
 * - GasChart: an icicle of the call tree (d3-hierarchy's partition): each box a frame, as wide
 *   as its gas, labelled with it; the top box is the transaction's gas used.
 * - ValueFlow: who paid whom, per asset (ether and each token): payers on the left, payees on
 *   the right, each band as thick as the amount (d3-shape's links, d3-scale).
 *
 * Each is a figure whose caption says what it shows in words, with the numbers as a table one
 * click away (the text alternative).
 */
import { hierarchy, partition, type HierarchyRectangularNode } from 'd3-hierarchy'
import { scaleLinear } from 'd3-scale'
import { linkHorizontal } from 'd3-shape'
import { useId, useMemo } from 'react'
import * as GasExport from '../../core/debug/GasExport'
import type * as SimReport from '../../core/sim/SimReport'
import * as TraceFlows from '../../core/sim/TraceFlows'
import * as TraceView from '../../core/sim/TraceView'
import { useWidth } from './useWidth'
import { GasFiles } from './GasFiles'
import { SimTable } from './SimulationSummary'

const ROW = 30

export function GasChart({ report }: { report: SimReport.Report }) {
  const [ref, width] = useWidth<HTMLDivElement>()
  const captionId = useId()
  const tree = useMemo(() => TraceFlows.gasTree(report), [report])
  const rows = useMemo(() => TraceFlows.gasRows(tree), [tree])
  const total = tree.gas
  const boxes = useMemo(() => {
    const root = hierarchy(tree, (n) => n.children).sum((n) => Number(n.self))
    const depth = root.height + 1
    return { nodes: partition<TraceFlows.GasNode>().size([Math.max(width, 1), depth * ROW]).padding(1)(root).descendants(), height: depth * ROW }
  }, [tree, width])
  const top = rows.slice(1).sort((a, b) => (b.self > a.self ? 1 : b.self < a.self ? -1 : 0))[0]
  const summed = TraceFlows.gasTotal(tree)
  const exported = useMemo(() => GasExport.treeOfCallTrace(report.root, BigInt(report.result.gasUsed), (f) => TraceFlows.gasLabel(TraceView.line(f, report))), [report])
  return (
    <figure className="pic" aria-labelledby={captionId}>
      <div ref={ref} className="pic-canvas">
        {width > 0 && (
          <svg width={width} height={boxes.height} role="img" aria-labelledby={captionId} className="gas-chart">
            {boxes.nodes.map((n) => (
              <GasBox key={n.data.id} n={n} />
            ))}
          </svg>
        )}
      </div>
      <figcaption id={captionId}>
        <strong>Where the gas went:</strong> {TraceView.grouped(total)} gas in total, the transaction&rsquo;s gas used, across {rows.length} frame{rows.length === 1 ? '' : 's'}; each box is as wide as its frame&rsquo;s gas, its calls below it.
        {top && top.self > 0n ? ` The most spent in one frame itself: ${top.label} (${TraceView.grouped(top.self)} gas).` : ''}
        {summed !== total ? ` A refund of ${TraceView.grouped(summed - total)} gas makes the total smaller than the boxes.` : ''}
      </figcaption>
      <GasFiles tree={exported} hash={report.result.replayed?.hash} />
      <details className="pic-table">
        <summary>Gas per frame as a table</summary>
        <SimTable label="Gas per frame" head={['Frame', 'Gas', 'In itself', 'Share']} foot={
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num">{TraceView.grouped(total)}</td>
              <td />
              <td />
            </tr>
          </tfoot>
        }>
          {rows.map((r) => (
            <tr key={r.id}>
              <td className="mono" style={{ paddingLeft: `${8 + r.depth * 12}px` }}>
                {r.label}
              </td>
              <td className="num">{TraceView.grouped(r.gas)}</td>
              <td className="num">{TraceView.grouped(r.self)}</td>
              <td className="num">{r.share}%</td>
            </tr>
          ))}
        </SimTable>
      </details>
    </figure>
  )
}

function GasBox({ n }: { n: HierarchyRectangularNode<TraceFlows.GasNode> }) {
  const w = Math.max(0, n.x1 - n.x0)
  const h = Math.max(0, n.y1 - n.y0)
  const label = `${n.data.label} · ${TraceView.grouped(n.data.gas)}`
  // about 7 px per character at 12 px; the gas alone when the label does not fit
  const text = w > label.length * 7 + 8 ? label : w > 60 ? TraceView.grouped(n.data.gas) : ''
  return (
    <g transform={`translate(${n.x0},${n.y0})`} className={n.data.failed ? 'gas-box failed' : 'gas-box'} style={{ opacity: 1 - Math.min(n.depth, 6) * 0.09 }}>
      <title>{`${n.data.label}: ${TraceView.grouped(n.data.gas)} gas (${TraceView.grouped(n.data.self)} in itself)`}</title>
      <rect width={w} height={h} rx={2} />
      {text && (
        <text x={6} y={h / 2} dominantBaseline="central">
          {text}
        </text>
      )}
    </g>
  )
}

// ---------------------------------------------------------------------------------------

const link = linkHorizontal<{ source: [number, number]; target: [number, number] }, [number, number]>()

export function ValueFlow({ report }: { report: SimReport.Report }) {
  const flows = useMemo(() => TraceFlows.valueFlows(report), [report])
  if (!flows.length) return <p className="hint">No ether or tokens moved between accounts (the gas fee aside).</p>
  return (
    <>
      {flows.map((f) => (
        <AssetFlowChart key={f.asset} flow={f} report={report} />
      ))}
    </>
  )
}

function AssetFlowChart({ flow, report }: { flow: TraceFlows.AssetFlow; report: SimReport.Report }) {
  const [ref, width] = useWidth<HTMLDivElement>()
  const captionId = useId()
  const who = (a: string) => {
    const n = TraceView.nameOf(a, report)
    return n ? `${n} ${TraceView.middle(a, 6, 4)}` : TraceView.middle(a, 6, 4)
  }
  // one band per payer → payee pair, amounts summed
  const pairs = useMemo(() => TraceFlows.pairs(flow), [flow])
  const payers = [...new Set(pairs.map((p) => p.from))]
  const payees = [...new Set(pairs.map((p) => p.to))]
  const slot = 44
  const height = Math.max(payers.length, payees.length) * slot + 8
  const max = pairs.reduce((m, p) => (p.amount > m ? p.amount : m), 1n)
  // band thickness: 3 to 20 px by amount (as a ratio of the largest, in millionths: bigint-safe)
  const thick = scaleLinear().domain([0, 1_000_000]).range([3, 20]).clamp(true)
  const size = (a: bigint) => thick(Number((a * 1_000_000n) / max))
  const labelW = Math.min(170, Math.max(96, width * 0.3))
  const x0 = labelW
  const x1 = Math.max(x0 + 40, width - labelW)
  const yOf = (list: string[], a: string) => 4 + list.indexOf(a) * slot + slot / 2
  const lines = pairs.map((p) => `${who(p.from)} paid ${who(p.to)} ${p.text}${p.count > 1 ? ` in ${p.count} transfers` : ''}`)
  // each band says its amount at its middle where it fits between the two columns of names (12 px mono: about 7.3 px a character)
  const fits = (p: TraceFlows.Pair) => pairs.length <= 12 && p.text.length * 7.3 + 8 <= x1 - x0
  return (
    <figure className="pic" aria-labelledby={captionId}>
      <div ref={ref} className="pic-canvas">
        {width > 0 && (
          <svg width={width} height={height} role="img" aria-labelledby={captionId} className="flow-chart">
            {pairs.map((p, i) => (
              <path key={i} className="flow-band" d={link({ source: [x0, yOf(payers, p.from)], target: [x1, yOf(payees, p.to)] }) ?? ''} strokeWidth={size(p.amount)}>
                <title>{lines[i]}</title>
              </path>
            ))}
            {pairs.filter(fits).map((p) => (
              <text key={`a-${p.from}-${p.to}`} className="flow-amount mono" x={(x0 + x1) / 2} y={(yOf(payers, p.from) + yOf(payees, p.to)) / 2} textAnchor="middle" dominantBaseline="central">
                {p.text}
              </text>
            ))}
            {payers.map((a) => (
              <g key={`f-${a}`} transform={`translate(${x0 - 6},${yOf(payers, a)})`}>
                <rect className="flow-node" x={0} y={-12} width={6} height={24} rx={2} />
                <text x={-6} textAnchor="end" dominantBaseline="central" className="mono">
                  {who(a)}
                </text>
              </g>
            ))}
            {payees.map((a) => (
              <g key={`t-${a}`} transform={`translate(${x1},${yOf(payees, a)})`}>
                <rect className="flow-node" x={0} y={-12} width={6} height={24} rx={2} />
                <text x={12} dominantBaseline="central" className="mono">
                  {who(a)}
                </text>
              </g>
            ))}
          </svg>
        )}
      </div>
      <figcaption id={captionId}>
        <strong>Where {flow.label} moved:</strong> {lines.length <= 4 ? `${lines.join('; ')}.` : `${flow.transfers.length} transfers between ${new Set([...payers, ...payees]).size} accounts; the table lists them.`}
      </figcaption>
      <details className="pic-table">
        <summary>{flow.label} transfers as a table</summary>
        <SimTable label={`${flow.label} transfers`} head={['From', 'To', 'Amount']}>
          {flow.transfers.map((t, i) => (
            <tr key={i}>
              <td className="mono">{t.from}</td>
              <td className="mono">{t.to}</td>
              <td className="mono">{t.text}</td>
            </tr>
          ))}
        </SimTable>
      </details>
    </figure>
  )
}
