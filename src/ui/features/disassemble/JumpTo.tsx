/**
 * Where the listing can jump (#25): an offset (pc, hex with 0x or decimal), a dispatcher entry
 * (the function's JUMPDEST, named from the signature table), and the previous or next basic
 * block from the marked row (or from the first row when none is marked).
 */
import { useState, type FormEvent } from 'react'
import type { DisassembleData } from '../../../tools/disassemble'

type Part = DisassembleData['parts'][number]
export const hex = (n: number) => `0x${n.toString(16).padStart(4, '0')}`

/** The start of the block after (`dir` 1) or before (-1) offset `from`, or undefined at either end. */
export function blockFrom(starts: Uint32Array, from: number, dir: 1 | -1): number | undefined {
  let lo = 0
  let hi = starts.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (starts[mid]! <= from) lo = mid + 1
    else hi = mid
  }
  // starts[lo - 1] <= from < starts[lo]
  return dir === 1 ? starts[lo] : lo >= 2 ? starts[lo - 2] : undefined
}

export function JumpTo({ part, at, go }: { part: Part; at: number | null; go: (offset: number) => void }) {
  const [goto, setGoto] = useState('')
  const [error, setError] = useState('')
  const entries = part.entries.filter((e) => e.dest !== null)
  const onGoto = (e: FormEvent) => {
    e.preventDefault()
    const t = goto.trim().toLowerCase()
    const n = /^0x[0-9a-f]+$/.test(t) ? parseInt(t, 16) : /^\d+$/.test(t) ? Number(t) : NaN
    if (!Number.isSafeInteger(n) || n < 0 || n >= part.size) return setError(`An offset from 0 to ${hex(part.size - 1)} (hex with 0x, or decimal).`)
    setError('')
    go(n)
  }
  const from = at ?? -1
  const prev = at === null ? undefined : blockFrom(part.blockStarts, from, -1)
  const next = blockFrom(part.blockStarts, from, 1)
  return (
    <div className="listing-jump">
      <form className="listing-goto" onSubmit={onGoto}>
        <label htmlFor="listing-goto">Go to offset</label>
        <input id="listing-goto" className="mono" value={goto} onChange={(e) => setGoto(e.target.value)} placeholder="0x00ab" size={10} aria-invalid={!!error} aria-describedby={error ? 'listing-goto-error' : undefined} />
        <button type="submit">Go</button>
        {error && <span id="listing-goto-error" className="error" role="alert">{error}</span>}
      </form>
      {entries.length > 0 && (
        <div className="listing-goto">
          <label htmlFor="listing-function">Go to function</label>
          <select id="listing-function" value="" onChange={(e) => e.target.value && go(Number(e.target.value))}>
            <option value="">Choose ({entries.length})</option>
            {entries.map((e) => (
              <option key={`${e.selector}-${e.offset}`} value={e.dest!}>
                {e.signatures[0] ?? e.selector} at {hex(e.dest!)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="listing-goto" role="group" aria-label="Basic blocks">
        <button type="button" disabled={prev === undefined} onClick={() => prev !== undefined && go(prev)}>
          Previous block
        </button>
        <button type="button" disabled={next === undefined} onClick={() => next !== undefined && go(next)}>
          Next block
        </button>
      </div>
    </div>
  )
}
