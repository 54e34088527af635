/**
 * A disassembly's listing, scrolled as a code view (#25): the whole listing is one scroll box as
 * tall as every row, and only the rows in view (and a few either side) are in the DOM and read
 * back from the packed listing (`virtualRows.ts`), so a 24 KB contract's ~15,000 instructions
 * scroll with ~60 rows drawn. Offset, instruction and push data as `cast disassemble` prints
 * them, block starts ruled, JUMPDESTs the dispatcher jumps to named, jumps as links to their
 * destination, the metadata's bytes marked, and the PUSHes that hold an immutable named (when
 * compiler output was given). The box takes the focus: PageUp/PageDown/Home/End and the arrows
 * scroll it. "Go to offset", "Go to function", the block buttons and the jump links bring their
 * row into view and mark it. Screen readers get a table with aria-rowcount and each drawn row's
 * aria-rowindex.
 */
import { useEffect, useMemo, useState } from 'react'
import * as Disassembler from '../../../core/bytecode/Disassembler'
import type { DisassembleData } from '../../../tools/disassemble'
import { MiddleEllipsis } from '../../components'
import { CopyIcon, CheckIcon } from '../../components/icons'
import { hex, JumpTo } from './JumpTo'
import { ROW, useVirtualRows } from './virtualRows'

const KIND = { code: 'code', constructor: 'constructor', runtime: 'runtime' } as const
type Part = DisassembleData['parts'][number]

/** The index in `part` of the instruction at `offset` (the one before it when inside push data). */
function indexOf(part: Part, offset: number): number {
  const at = part.offsets
  let lo = 0
  let hi = at.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (at[mid]! <= offset) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** Instructions `from` to `to` (exclusive) of `part`, read back from its bytes. */
function rows(part: Part, hardfork: string, from: number, to: number): Disassembler.Instruction[] {
  const out: Disassembler.Instruction[] = []
  for (let k = from; k < Math.min(to, part.offsets.length); k++) out.push(Disassembler.instructionAt(part.code, part.offsets, k, hardfork))
  return out
}

/** The whole listing as cast prints it, built only when copied (a 24 KB contract's is ~400 KB of text). */
function CopyListing({ part, hardfork, label }: { part: Part; hardfork: string; label: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const t = setTimeout(() => setCopied(false), 1500)
    return () => clearTimeout(t)
  }, [copied])
  const copy = () => {
    const text = rows(part, hardfork, 0, part.offsets.length).map(Disassembler.line).join('\n')
    void navigator.clipboard?.writeText(text).then(() => setCopied(true))
  }
  return (
    <button type="button" className="copy icon-button" aria-label={`Copy ${label}`} title={`Copy ${label}`} onClick={copy}>
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span className="copy-state" aria-live="polite">
        {copied ? 'Copied' : ''}
      </span>
    </button>
  )
}

/** One instruction's row: the `k`th of the part (aria-rowindex counts the header as 1). */
function Row({ x, k, part, names, immutables, starts, marked, go }: { x: Disassembler.Instruction; k: number; part: Part; names: Map<number, string[]>; immutables: Map<number, string[]>; starts: Set<number>; marked: boolean; go: (offset: number) => void }) {
  const meta = part.metadataStart !== null && x.offset >= part.metadataStart
  const cls = [starts.has(x.offset) ? 'block-start' : '', meta ? 'muted' : '', marked ? 'marked' : '', immutables.has(x.offset) ? 'has-immutable' : ''].filter(Boolean).join(' ')
  const ins = Disassembler.text(x)
  return (
    <tr className={cls || undefined} aria-rowindex={k + 2} aria-current={marked || undefined}>
      <td className="mono">{hex(x.offset)}</td>
      <td className="mono">{ins.length > 24 ? <MiddleEllipsis text={ins} expandable={false} /> : ins}</td>
      <td>
        {x.op === 0x5b && names.has(x.offset) ? <span className="mono">← {names.get(x.offset)!.join(', ')}</span> : null}
        {immutables.has(x.offset) ? <span className="immutable">immutable {immutables.get(x.offset)!.join(', ')}</span> : null}
        {x.target !== undefined && (
          <button type="button" className="link" onClick={() => go(x.target!)} aria-label={`Go to ${hex(x.target)}`}>
            → {hex(x.target)}
          </button>
        )}
        {x.target !== undefined && !x.targetOk && <span className="warn"> not a JUMPDEST</span>}
        {x.truncated && <span className="warn">push data cut off by the end of the code</span>}
        {meta && x.offset === part.metadataStart ? 'compiler metadata (CBOR) from here' : null}
      </td>
    </tr>
  )
}

export function Listing({ data }: { data: DisassembleData }) {
  const [partIndex, setPartIndex] = useState(data.parts.length - 1)
  const [mark, setMark] = useState<number | null>(null)
  const part = data.parts[Math.min(partIndex, data.parts.length - 1)]!
  useEffect(() => {
    setPartIndex(data.parts.length - 1)
    setMark(null)
  }, [data])
  const count = part.offsets.length
  const { ref, first, last, scrollToRow, onKeyDown } = useVirtualRows(count, part)
  const names = useMemo(() => {
    const m = new Map<number, string[]>()
    for (const e of part.entries) if (e.dest !== null) m.set(e.dest, [...(m.get(e.dest) ?? []), e.signatures[0] ?? e.selector])
    return m
  }, [part])
  const starts = useMemo(() => new Set(part.blockStarts), [part])
  // The instruction whose push data holds each immutable (solc's immutableReferences), by offset.
  const immutables = useMemo(() => {
    const m = new Map<number, string[]>()
    for (const r of part.immutables) {
      const at = part.offsets[indexOf(part, r.start)]!
      m.set(at, [...(m.get(at) ?? []), `${r.name} (id ${r.id})`])
    }
    return m
  }, [part])
  const shown = useMemo(() => rows(part, data.hardfork, first, last), [part, data.hardfork, first, last])
  const go = (offset: number) => {
    const k = indexOf(part, offset)
    setMark(part.offsets[k] ?? null)
    scrollToRow(k)
    // The box itself onto the screen too (the jump controls sit above it).
    ref.current?.scrollIntoView({ block: 'nearest' })
  }
  const kind = KIND[part.kind]
  return (
    <section className="section listing" aria-labelledby="listing-title">
      <h2 id="listing-title" className="section-title">Instructions</h2>
      {data.parts.length > 1 && (
        <div className="actions" role="group" aria-label="Part of the code">
          {data.parts.map((p, i) => (
            <button key={p.kind} type="button" aria-pressed={i === partIndex} onClick={() => (setPartIndex(i), setMark(null))}>
              {p.kind === 'constructor' ? 'Constructor' : 'Runtime'} ({p.size} bytes)
            </button>
          ))}
        </div>
      )}
      <div className="actions listing-nav">
        <span>
          {count} instructions ({kind})
        </span>
        <CopyListing part={part} hardfork={data.hardfork} label={`listing of the ${kind}`} />
      </div>
      <JumpTo part={part} at={mark} go={go} />
      <div ref={ref} className="listing-scroll" tabIndex={0} role="region" aria-label={`Listing of the ${kind}`} aria-keyshortcuts="PageUp PageDown Home End ArrowUp ArrowDown" onKeyDown={onKeyDown} style={{ ['--listing-row' as string]: `${ROW}px` }}>
        <table aria-label={`Instructions of the ${kind}`} aria-rowcount={count + 1} className="listing-table">
          <colgroup>
            <col className="listing-col-offset" />
            <col className="listing-col-ins" />
            <col />
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col">Offset</th>
              <th scope="col">Instruction</th>
              <th scope="col">Notes</th>
            </tr>
          </thead>
          <tbody>
            {first > 0 && (
              <tr className="spacer" aria-hidden="true">
                <td colSpan={3} style={{ height: first * ROW }} />
              </tr>
            )}
            {shown.map((x, i) => (
              <Row key={x.offset} x={x} k={first + i} part={part} names={names} immutables={immutables} starts={starts} marked={x.offset === mark} go={go} />
            ))}
            {last < count && (
              <tr className="spacer" aria-hidden="true">
                <td colSpan={3} style={{ height: (count - last) * ROW }} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  )
}
