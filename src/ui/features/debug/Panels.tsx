/**
 * The panels of one step: stack (full words), memory (hex and text, written bytes marked),
 * storage and transient storage touched so far in the frame, return data, gas, call stack.
 */
import { useState } from 'react'
import * as StackArgs from '../../../core/bytecode/StackArgs'
import type * as DebugTrace from '../../../core/debug/DebugTrace'
import { ether, inheritedText } from '../../../core/sim/TraceView'
import { CopyButton, grouped } from '../../components'

const short = (a: string) => (a.length > 16 ? `${a.slice(0, 8)}…${a.slice(-6)}` : a)

/**
 * A call frame in words: its type, the account it runs as (named where known), the code it runs
 * when that is another's (a DELEGATECALL's implementation, named where known), and its value;
 * a DELEGATECALL's value is its caller's `msg.value`, marked as inherited.
 */
export function FrameWho({ f, names }: { f: { type: string; address: string; codeAddress: string; value: bigint }; names?: ReadonlyMap<string, string> | undefined }) {
  // a DELEGATECALL or CALLCODE names both, even into its own code (a multicall's `address(this).delegatecall`)
  const other = f.type === 'DELEGATECALL' || f.type === 'CALLCODE' || f.codeAddress.toLowerCase() !== f.address.toLowerCase()
  const name = names?.get(f.address.toLowerCase())
  const codeName = other ? names?.get(f.codeAddress.toLowerCase()) : undefined
  return (
    <>
      <span className="mono">{f.type}</span> {name && <strong>{name} </strong>}
      <span className="mono" title={f.address}>{short(f.address)}</span>
      {other && (
        <span>
          {' '}running {codeName && <strong>{codeName} </strong>}
          <span className="mono" title={f.codeAddress}>{short(f.codeAddress)}</span>
        </span>
      )}
      {f.value > 0n && <span> · {f.type === 'DELEGATECALL' ? inheritedText(f.value) : ether(f.value)}</span>}
    </>
  )
}

/**
 * The call frames, outermost first, each with its value (a DELEGATECALL's marked as its caller's);
 * with compiler output, each frame's contract by name and,
 * after the current frame, the internal functions the step is inside (from the source maps).
 */
export function CallStack({ view, names, frames = [] }: { view: DebugTrace.StepView; names?: ReadonlyMap<string, string> | undefined; frames?: readonly (readonly string[])[] | undefined }) {
  const last = view.callStack.length - 1
  const fns = (i: number) => (frames.length === view.callStack.length ? frames[i]! : [])
  return (
    <nav aria-label="Call stack" className="dbg-crumbs">
      <ol>
        {view.callStack.flatMap((f, i) => {
          const inner = fns(i)
          return [
            <li key={f.id} aria-current={i === last && inner.length === 0 ? 'step' : undefined}>
              <FrameWho f={f} names={names} />
              {f.error && <span className="dbg-bad"> · {f.error}</span>}
            </li>,
            ...inner.map((fn, k) => (
              <li key={`${f.id}.${k}`} className="mono" aria-current={i === last && k === inner.length - 1 ? 'step' : undefined}>
                {fn}()
              </li>
            )),
          ]
        })}
      </ol>
    </nav>
  )
}

export function StepFacts({ view, steps }: { view: DebugTrace.StepView; steps: number }) {
  return (
    <section aria-label="Step" className="dbg-facts">
      <dl>
        <Fact label="Step" value={String(view.index)} after={`of ${grouped(steps)}`} />
        <Fact label="Opcode" value={view.op} mono />
        <Fact label="pc" value={String(view.pc)} mono />
        <Fact label="Depth" value={String(view.depth)} />
        <Fact label="Gas left" value={grouped(view.gas)} />
        <Fact label="Cost" value={grouped(view.gasCost)} />
      </dl>
    </section>
  )
}

/** A named value (an output, not announced on every step: the step changes them all at once). */
function Fact({ label, value, after, mono = false }: { label: string; value: string; after?: string; mono?: boolean }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <output aria-label={label} aria-live="off" className={mono ? 'mono' : undefined}>
          {value}
        </output>
        {after && <span className="hint"> {after}</span>}
      </dd>
    </div>
  )
}

/** The stack, top first; the words the current opcode takes are named as evm.codes names its arguments (SSTORE: key, value). */
export function StackPanel({ view }: { view: DebugTrace.StepView }) {
  const top = [...view.stack].reverse()
  const args = StackArgs.of(view.op)
  return (
    <section aria-label="Stack" className="dbg-panel" tabIndex={0}>
      <h3>Stack <span className="hint">({top.length} items, top first{args.length ? `; ${view.op} takes ${args.length}` : ''})</span></h3>
      {top.length === 0 ? (
        <p className="hint">Empty.</p>
      ) : (
        <ol className="dbg-stack mono" start={0}>
          {top.map((w, i) => (
            // the name is drawn by CSS from data-arg (the item's text stays the word, to copy) and said by aria-description
            <li key={i} aria-label={`Stack item ${i}`} aria-description={args[i] ? `${view.op}'s ${args[i]}` : undefined} data-arg={args[i]}>
              {w}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** Rows of 32 bytes drawn at once (a page of 4 KiB): a step's panel stays a small render. */
const PAGE_ROWS = 128

export function MemoryPanel({ view }: { view: DebugTrace.StepView }) {
  const [page, setPage] = useState(0)
  const bytes = (view.memory.length - 2) / 2
  const pages = Math.max(1, Math.ceil(bytes / (PAGE_ROWS * 32)))
  const p = Math.min(page, pages - 1)
  const w = view.justWritten
  const first = p * PAGE_ROWS
  const rows = Math.min(Math.ceil(bytes / 32) - first, PAGE_ROWS)
  return (
    <section aria-label="Memory" className="dbg-panel" tabIndex={0}>
      <h3>
        Memory <span className="hint">({grouped(bytes)} bytes{w ? `; marked: the ${w.length} bytes at 0x${w.offset.toString(16)} that step ${w.step} wrote, the frame's latest write` : ''})</span>
      </h3>
      {view.writes && <p className="hint">This step writes {view.writes.length} bytes at 0x{view.writes.offset.toString(16)} (shown from the frame's next step).</p>}
      {pages > 1 && (
        <div className="actions">
          <button type="button" disabled={p === 0} onClick={() => setPage(p - 1)}>Earlier memory</button>
          <span className="hint">bytes 0x{(first * 32).toString(16)}–0x{((first + rows) * 32 - 1).toString(16)}, page {p + 1} of {pages}</span>
          <button type="button" disabled={p === pages - 1} onClick={() => setPage(p + 1)}>Later memory</button>
        </div>
      )}
      {bytes === 0 ? (
        <p className="hint">Empty.</p>
      ) : (
        <div className="table-wrap dbg-scroll">
          <table className="dbg-mem">
            <caption className="visually-hidden">Memory, 32 bytes a row: offset, hex, text</caption>
            <tbody>
              {Array.from({ length: rows }, (_, k) => (
                <MemoryRow key={first + k} memory={view.memory} row={first + k} written={w} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function MemoryRow({ memory, row, written: w }: { memory: string; row: number; written: DebugTrace.StepView['justWritten'] }) {
  const cells = []
  let text = ''
  let written = false
  for (let b = 0; b < 32; b++) {
    const at = row * 32 + b
    const hex = memory.slice(2 + at * 2, 4 + at * 2)
    const code = parseInt(hex, 16)
    text += code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : '.'
    if (w !== undefined && at >= w.offset && at < w.offset + w.length) {
      written = true
      cells.push(<mark key={b}>{hex}</mark>)
    } else cells.push(<span key={b}>{hex}</span>)
  }
  return (
    <tr className={written ? 'dbg-written' : undefined}>
      <th scope="row" className="mono">0x{(row * 32).toString(16).padStart(4, '0')}</th>
      <td className="mono dbg-hex" aria-label={written ? `Memory word at 0x${(row * 32).toString(16)}, written` : undefined}>{cells}</td>
      <td className="mono dbg-text">{text}</td>
    </tr>
  )
}

/** `names`: a slot (32-byte lowercase hex) → the variables the contract's storage layout places there. */
export function StoragePanel({ title, items, names }: { title: string; items: DebugTrace.StepView['storage']; names?: ReadonlyMap<string, string> | undefined }) {
  return (
    <section aria-label={title} className="dbg-panel" tabIndex={0}>
      <h3>{title} <span className="hint">(this frame, so far)</span></h3>
      {items.length === 0 ? (
        <p className="hint">None touched.</p>
      ) : (
        <div className="table-wrap">
          <table aria-label={title}>
            <thead>
              <tr><th scope="col">Step</th><th scope="col">Access</th><th scope="col">Slot</th>{names && <th scope="col">Variable</th>}<th scope="col">Value</th></tr>
            </thead>
            <tbody>
              {items.map((s, i) => (
                <tr key={i}>
                  <td>{s.step}</td>
                  <td>{s.kind === 'sload' || s.kind === 'tload' ? 'read' : 'write'}</td>
                  <td className="mono value">{s.slot}</td>
                  {names && <td className="mono value">{names.get(s.slot.toLowerCase()) ?? <span className="hint">(not in the layout)</span>}</td>}
                  <td className="mono value">{s.value ?? '(not read yet)'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

export function ReturnDataPanel({ view }: { view: DebugTrace.StepView }) {
  return (
    <section aria-label="Return data" className="dbg-panel" tabIndex={0}>
      <h3>Return data <span className="hint">(of the frame's last call)</span></h3>
      {view.returnData === '0x' ? (
        <p className="hint">Empty.</p>
      ) : (
        <p className="mono value">
          {view.returnData} <CopyButton value={view.returnData} label="return data" />
        </p>
      )}
    </section>
  )
}
