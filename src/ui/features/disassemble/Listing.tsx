/**
 * A disassembly's listing, one page of instructions at a time (the DOM holds at most PAGE rows
 * whatever the size of the code, and only those rows are read back from the packed listing): offset, instruction and push data as `cast disassemble`
 * prints them, block starts ruled, JUMPDESTs the dispatcher jumps to named, jumps as links to
 * their destination, the metadata's bytes marked, and the PUSHes that hold an immutable named
 * (when compiler output was given). "Go to offset" and the jump links turn to
 * the page that holds the offset and mark its row.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import * as Disassembler from '../../../core/bytecode/Disassembler'
import type { DisassembleData } from '../../../tools/disassemble'
import { CopyIcon, CheckIcon } from '../../components/icons'

const PAGE = 128
const KIND = { code: 'code', constructor: 'constructor', runtime: 'runtime' } as const
const hex = (n: number) => `0x${n.toString(16).padStart(4, '0')}`
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

export function Listing({ data }: { data: DisassembleData }) {
  const [partIndex, setPartIndex] = useState(data.parts.length - 1)
  const [page, setPage] = useState(0)
  const [mark, setMark] = useState<number | null>(null)
  const [goto, setGoto] = useState('')
  const [gotoError, setGotoError] = useState('')
  const marked = useRef<HTMLTableRowElement>(null)
  const part = data.parts[Math.min(partIndex, data.parts.length - 1)]!
  useEffect(() => {
    setPartIndex(data.parts.length - 1)
    setPage(0)
    setMark(null)
  }, [data])
  useEffect(() => {
    marked.current?.scrollIntoView({ block: 'center' })
  }, [mark, page])
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
  const count = part.offsets.length
  const pages = Math.max(1, Math.ceil(count / PAGE))
  const shown = useMemo(() => rows(part, data.hardfork, page * PAGE, (page + 1) * PAGE), [part, data.hardfork, page])
  const go = (offset: number) => {
    const k = indexOf(part, offset)
    setPage(Math.floor(k / PAGE))
    setMark(part.offsets[k] ?? null)
  }
  const onGoto = (e: FormEvent) => {
    e.preventDefault()
    const t = goto.trim().toLowerCase()
    const n = /^0x[0-9a-f]+$/.test(t) ? parseInt(t, 16) : /^\d+$/.test(t) ? Number(t) : NaN
    if (!Number.isSafeInteger(n) || n < 0 || n >= part.size) return setGotoError(`An offset from 0 to ${hex(part.size - 1)} (hex with 0x, or decimal).`)
    setGotoError('')
    go(n)
  }
  return (
    <section className="section listing" aria-labelledby="listing-title">
      <h2 id="listing-title" className="section-title">Instructions</h2>
      {data.parts.length > 1 && (
        <div className="actions" role="group" aria-label="Part of the code">
          {data.parts.map((p, i) => (
            <button key={p.kind} type="button" aria-pressed={i === partIndex} onClick={() => (setPartIndex(i), setPage(0), setMark(null))}>
              {p.kind === 'constructor' ? 'Constructor' : 'Runtime'} ({p.size} bytes)
            </button>
          ))}
        </div>
      )}
      <div className="actions listing-nav">
        <button type="button" onClick={() => setPage(page - 1)} disabled={page === 0}>
          Previous page
        </button>
        <span aria-live="polite">
          {count ? `${page * PAGE + 1}–${page * PAGE + shown.length}` : '0'} of {count} instructions ({KIND[part.kind]})
        </span>
        <button type="button" onClick={() => setPage(page + 1)} disabled={page >= pages - 1}>
          Next page
        </button>
        <CopyListing part={part} hardfork={data.hardfork} label={`listing of the ${KIND[part.kind]}`} />
      </div>
      <form className="listing-goto" onSubmit={onGoto}>
        <label htmlFor="listing-goto">Go to offset</label>
        <input id="listing-goto" className="mono" value={goto} onChange={(e) => setGoto(e.target.value)} placeholder="0x00ab" size={10} aria-invalid={!!gotoError} aria-describedby={gotoError ? 'listing-goto-error' : undefined} />
        <button type="submit">Go</button>
        {gotoError && <span id="listing-goto-error" className="error" role="alert">{gotoError}</span>}
      </form>
      <div className="table-wrap">
        <table aria-label={`Instructions of the ${KIND[part.kind]}`} className="listing-table">
          <thead>
            <tr>
              <th scope="col">Offset</th>
              <th scope="col">Instruction</th>
              <th scope="col">Notes</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((x) => {
              const meta = part.metadataStart !== null && x.offset >= part.metadataStart
              const cls = [starts.has(x.offset) ? 'block-start' : '', meta ? 'muted' : '', x.offset === mark ? 'marked' : '', immutables.has(x.offset) ? 'has-immutable' : ''].filter(Boolean).join(' ')
              return (
                <tr key={x.offset} className={cls || undefined} ref={x.offset === mark ? marked : undefined}>
                  <td className="mono">{hex(x.offset)}</td>
                  <td className="mono">
                    {x.name}
                    {x.push !== undefined && x.push !== '' ? ` 0x${x.push}` : ''}
                  </td>
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
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}
