/**
 * The gas chart of /debug: an icicle of the call tree (layout in gasChart.ts, d3-hierarchy's
 * partition), each frame a box as wide as its gas and labelled with it, its calls below it.
 * Every box is a button, reached by Tab, that goes to the frame's first step. Loaded lazily by
 * GasPanel, so d3 is in no route's static chunks; the panel's table is the text alternative.
 */
import { scaleLinear } from 'd3-scale'
import { useId, useMemo } from 'react'
import type * as GasProfile from '../../../core/debug/GasProfile'
import { grouped } from '../../components/numbers'
import { useWidth } from '../../components/useWidth'
import { heaviest, icicle, type Box } from './gasChart'

const ROW = 28
const short = (a: string) => (a.length > 16 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a)

export function GasChart({ profile, goTo, tableId }: { profile: GasProfile.Profile; goTo: (i: number) => void; tableId: string }) {
  const [ref, width] = useWidth<HTMLDivElement>()
  const captionId = useId()
  const chart = useMemo(() => icicle(profile), [profile])
  const x = scaleLinear().domain([0, 1]).range([0, Math.max(width, 1)])
  const shown = chart.boxes.filter((b) => x(b.x1) - x(b.x0) >= 1)
  const top = heaviest(profile)
  const hidden = chart.boxes.length - shown.length
  return (
    <figure className="dbg-icicle-fig" aria-labelledby={captionId}>
      <div ref={ref} className="dbg-icicle" role="group" aria-labelledby={captionId} style={{ height: chart.levels * ROW }}>
        {width > 0 && shown.map((b) => (b.fn ? <FnBox key={`f${b.fn.node}`} box={b} fn={b.fn} px={x(b.x1) - x(b.x0)} goTo={goTo} /> : <GasBox key={b.frame.id} box={b} px={x(b.x1) - x(b.x0)} goTo={goTo} />))}
      </div>
      <figcaption id={captionId}>
        <strong>Where the gas went:</strong> {grouped(chart.total)} gas in total, the transaction&rsquo;s gas used, across {profile.frames.length} frame{profile.frames.length === 1 ? '' : 's'}; each box is as wide as its frame&rsquo;s gas, its calls below it{profile.functions ? ' (and the internal functions it ran, from the sources)' : ''}; a box goes to the frame&rsquo;s first step{profile.functions ? ' or the function’s entry' : ''}.
        {top && top.self > 0 ? ` The most spent in one frame itself: frame ${top.id}, ${top.type} ${short(top.address)} (${grouped(top.self)} gas).` : ''}
        {chart.drawn !== chart.total ? ` A refund of ${grouped(chart.drawn - chart.total)} gas makes the total smaller than the boxes.` : ''}
        {hidden > 0 ? ` ${hidden} ${profile.functions ? 'box' : 'frame'}${hidden === 1 ? ' is' : profile.functions ? 'es are' : 's are'} too narrow to draw; ` : ' '}
        <a href={`#${tableId}`}>the table lists every frame</a>.
      </figcaption>
    </figure>
  )
}

function GasBox({ box, px, goTo }: { box: Box; px: number; goTo: (i: number) => void }) {
  const f = box.frame
  const gas = grouped(f.gas)
  // the visible label is the start of the accessible name (the gas alone where the label does not fit:
  // about 7.5 px per character at 12 px monospace)
  const label = `${f.type} ${gas} gas`
  const text = px > label.length * 7.5 + 10 ? label : px > gas.length * 7.5 + 10 ? gas : ''
  const name = `Frame ${f.id}: ${label}, ${grouped(f.self)} in itself, ${f.address}${f.codeAddress.toLowerCase() !== f.address.toLowerCase() ? ` running the code of ${f.codeAddress}` : ''}${f.failed ? ', failed' : ''}`
  return (
    <button
      type="button"
      className={f.failed ? 'dbg-box failed' : 'dbg-box'}
      style={{ left: `${box.x0 * 100}%`, width: `${(box.x1 - box.x0) * 100}%`, top: box.level * ROW, height: ROW - 2 }}
      aria-label={f.firstStep >= 0 ? `${name}; go to its first step` : `${name}; no code ran`}
      title={`${name}${f.firstStep >= 0 ? `; first step ${f.firstStep}` : ''}`}
      disabled={f.firstStep < 0}
      onClick={() => goTo(f.firstStep)}
    >
      {text}
    </button>
  )
}

/** An internal function run's box (sources loaded): its name and gas, calls included; goes to its entry step. */
function FnBox({ box, fn, px, goTo }: { box: Box; fn: GasProfile.FunctionGas; px: number; goTo: (i: number) => void }) {
  const gas = grouped(fn.gas)
  const label = `${fn.name || 'internal'} ${gas} gas`
  const text = px > label.length * 7.5 + 10 ? label : px > gas.length * 7.5 + 10 ? gas : ''
  const name = `Internal function ${fn.name || '(compiler-generated)'} in frame ${fn.frame}: ${gas} gas, ${grouped(fn.self)} in itself`
  return (
    <button
      type="button"
      className="dbg-box fn"
      style={{ left: `${box.x0 * 100}%`, width: `${(box.x1 - box.x0) * 100}%`, top: box.level * ROW, height: ROW - 2 }}
      aria-label={`${name}; go to its entry step`}
      title={`${name}; entry step ${fn.firstStep}`}
      onClick={() => goTo(fn.firstStep)}
    >
      {text}
    </button>
  )
}
