/**
 * The debugger's keyboard shortcuts: one table, used by the key handler and listed on the page.
 */
import type * as DebugNav from '../../../core/debug/DebugNav'

export interface Shortcut {
  keys: string
  label: string
  move: DebugNav.Move
  /** One of the moves a phone shows at once (the others are one tap away, under "More moves"). */
  first?: true
}

export const SHORTCUTS: Shortcut[] = [
  { keys: 'j / ↓', label: 'Step forward', move: { to: 'step' }, first: true },
  { keys: 'k / ↑', label: 'Step back', move: { to: 'step', back: true }, first: true },
  { keys: 'Shift+j / Shift+↓', label: 'Step over', move: { to: 'over' }, first: true },
  { keys: 'Shift+k / Shift+↑', label: 'Step back over', move: { to: 'over', back: true } },
  { keys: 'o', label: 'Step out', move: { to: 'out' }, first: true },
  { keys: 'Shift+o', label: 'Back to the call', move: { to: 'out', back: true } },
  { keys: 'r', label: 'Next revert', move: { to: 'revert' }, first: true },
  { keys: 'Shift+r', label: 'Previous revert', move: { to: 'revert', back: true } },
  { keys: 'n', label: 'Next call', move: { to: 'call' } },
  { keys: 'p', label: 'Previous call', move: { to: 'call', back: true } },
  { keys: 's', label: 'Next SSTORE', move: { to: 'sstore' } },
  { keys: 'Shift+s', label: 'Previous SSTORE', move: { to: 'sstore', back: true } },
  { keys: 'l', label: 'Next SLOAD', move: { to: 'sload' } },
  { keys: 'Shift+l', label: 'Previous SLOAD', move: { to: 'sload', back: true } },
  { keys: 'e', label: 'Next LOG', move: { to: 'log' } },
  { keys: 'Shift+e', label: 'Previous LOG', move: { to: 'log', back: true } },
  { keys: 'Home', label: 'First step', move: { to: 'first' } },
  { keys: 'End', label: 'Last step', move: { to: 'last' } },
]

/** The move a key press asks for, if any (keys typed into a field are not shortcuts). */
export function moveFor(e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>): DebugNav.Move | undefined {
  if (e.ctrlKey || e.metaKey || e.altKey) return undefined
  const k = e.key.length === 1 ? e.key.toLowerCase() : e.key
  const back = e.shiftKey
  switch (k) {
    case 'j':
    case 'ArrowDown':
      return { to: back ? 'over' : 'step' }
    case 'k':
    case 'ArrowUp':
      return back ? { to: 'over', back: true } : { to: 'step', back: true }
    case 'o':
      return { to: 'out', back }
    case 'r':
      return { to: 'revert', back }
    case 'n':
      return { to: 'call' }
    case 'p':
      return { to: 'call', back: true }
    case 's':
      return { to: 'sstore', back }
    case 'l':
      return { to: 'sload', back }
    case 'e':
      return { to: 'log', back }
    case 'Home':
      return { to: 'first' }
    case 'End':
      return { to: 'last' }
  }
  return undefined
}

/** A move through the sources (the compiler output given): by line, or to a line breakpoint. */
export type SourceMove = { to: 'line' | 'breakpoint'; back?: boolean | undefined; over?: boolean | undefined }

export interface SourceShortcut {
  keys: string
  label: string
  move: SourceMove
}

export const SOURCE_SHORTCUTS: SourceShortcut[] = [
  { keys: '.', label: 'Next source line', move: { to: 'line' } },
  { keys: ',', label: 'Previous source line', move: { to: 'line', back: true } },
  { keys: '>', label: 'Next line, over calls', move: { to: 'line', over: true } },
  { keys: '<', label: 'Previous line, over calls', move: { to: 'line', back: true, over: true } },
  { keys: 'b', label: 'Next line breakpoint', move: { to: 'breakpoint' } },
  { keys: 'Shift+b', label: 'Previous line breakpoint', move: { to: 'breakpoint', back: true } },
]

/** The source move a key press asks for, if any. */
export function sourceMoveFor(e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>): SourceMove | undefined {
  if (e.ctrlKey || e.metaKey || e.altKey) return undefined
  if (e.key === '.') return { to: 'line' }
  if (e.key === ',') return { to: 'line', back: true }
  if (e.key === '>') return { to: 'line', over: true }
  if (e.key === '<') return { to: 'line', back: true, over: true }
  if (e.key.toLowerCase() === 'b') return { to: 'breakpoint', back: e.shiftKey }
  return undefined
}
