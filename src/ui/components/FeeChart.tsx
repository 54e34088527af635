/**
 * The fee chart (drawn with d3-scale and d3-shape; loaded lazily by FeeHistoryChart): per
 * recent block, the base fee as a bar and the priority fee (tip) as a band from the lowest to
 * the highest asked percentile with a line at the middle one; the next block's base fee, which
 * the node already knows, as an outlined bar. The caption says it in words and a table holds
 * the numbers (the text alternative).
 */
import { scaleBand, scaleLinear } from 'd3-scale'
import { area, line } from 'd3-shape'
import { useId } from 'react'
import * as FeeHistory from '../../core/chain/FeeHistory'
import { useWidth } from './useWidth'

const HEIGHT = 180
const M = { top: 10, right: 10, bottom: 26, left: 64 }
const toGwei = (wei: bigint) => Number(wei) / 1e9

export default function FeeChart({ history, title = 'Fees of recent blocks' }: { history: FeeHistory.History; title?: string }) {
  const [ref, width] = useWidth<HTMLDivElement>()
  const captionId = useId()
  const pts = history.points
  const n = history.percentiles.length
  const mid = n >> 1
  const x = scaleBand<string>()
    .domain(pts.map((p) => String(p.block)))
    .range([M.left, Math.max(M.left + 1, width - M.right)])
    .padding(0.2)
  const maxG = Math.max(1e-9, ...pts.map((p) => toGwei(p.baseFee)), ...pts.flatMap((p) => p.rewards.map(toGwei)))
  const y = scaleLinear().domain([0, maxG * 1.1]).range([HEIGHT - M.bottom, M.top]).nice()
  const cx = (p: FeeHistory.Point) => (x(String(p.block)) ?? 0) + x.bandwidth() / 2
  const tips = pts.filter((p) => p.rewards.length === n && n > 0)
  const band = area<FeeHistory.Point>()
    .x(cx)
    .y0((p) => y(toGwei(p.rewards[0]!)))
    .y1((p) => y(toGwei(p.rewards[n - 1]!)))
  const median = line<FeeHistory.Point>()
    .x(cx)
    .y((p) => y(toGwei(p.rewards[mid]!)))
  const ticks = y.ticks(4)
  const fmt = y.tickFormat(4)
  const every = Math.max(1, Math.ceil(pts.length / Math.max(1, Math.floor((width - M.left) / 56))))
  return (
    <figure className="pic fee-chart" aria-labelledby={captionId}>
      <div ref={ref} className="pic-canvas">
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-labelledby={captionId}>
            {ticks.map((t) => (
              <g key={t} transform={`translate(0,${y(t)})`} className="axis">
                <line x1={M.left} x2={width - M.right} className="grid" />
                <text x={M.left - 6} textAnchor="end" dominantBaseline="central">
                  {fmt(t)} gwei
                </text>
              </g>
            ))}
            {pts.map((p) => (
              <rect key={String(p.block)} className={p.next ? 'fee-base next' : 'fee-base'} x={x(String(p.block))} width={x.bandwidth()} y={y(toGwei(p.baseFee))} height={Math.max(0, y(0) - y(toGwei(p.baseFee)))}>
                <title>{`Block ${p.block}${p.next ? ' (next)' : ''}: base fee ${FeeHistory.gwei(p.baseFee)}${p.rewards.length ? `, tips ${p.rewards.map((r, i) => `${history.percentiles[i]}th ${FeeHistory.gwei(r)}`).join(', ')}` : ''}`}</title>
              </rect>
            ))}
            {tips.length > 0 && <path className="fee-tip-band" d={band(tips) ?? ''} />}
            {tips.length > 0 && <path className="fee-tip-line" d={median(tips) ?? ''} />}
            {pts.map((p, i) =>
              i % every === 0 || i === pts.length - 1 ? (
                <text key={`x-${String(p.block)}`} className="axis" x={cx(p)} y={HEIGHT - 8} textAnchor="middle">
                  {p.next ? 'next' : String(p.block)}
                </text>
              ) : null,
            )}
          </svg>
        )}
      </div>
      <figcaption id={captionId}>
        <strong>{title}:</strong> {FeeHistory.summary(history)}{' '}
        <span className="legend">
          <span className="key key-base" aria-hidden="true" /> base fee <span className="key key-tip" aria-hidden="true" /> tips, {history.percentiles[0]}th to {history.percentiles[n - 1]}th percentile, line at the {history.percentiles[mid]}th
        </span>
      </figcaption>
      <details className="pic-table">
        <summary>Fees per block as a table</summary>
        <table tabIndex={0} className="sim-table" aria-label="Fees per block">
          <thead>
            <tr>
              <th>Block</th>
              <th>Base fee</th>
              {history.percentiles.map((p) => (
                <th key={p}>Tip {p}th</th>
              ))}
              <th>Full</th>
            </tr>
          </thead>
          <tbody>
            {pts.map((p) => (
              <tr key={String(p.block)}>
                <td>{p.next ? `${p.block} (next)` : String(p.block)}</td>
                <td className="num">{FeeHistory.gwei(p.baseFee)}</td>
                {history.percentiles.map((q, i) => (
                  <td key={q} className="num">
                    {p.rewards[i] !== undefined ? FeeHistory.gwei(p.rewards[i]) : '–'}
                  </td>
                ))}
                <td className="num">{p.next ? '–' : `${Math.round(p.gasUsedRatio * 100)}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
