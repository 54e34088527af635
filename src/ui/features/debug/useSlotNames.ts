/**
 * The storage panel's names for the current step (issue 25), computed by slotNames.ts, which
 * loads in its own chunk only once compiler output is given (the layout parser and keccak are
 * not on the debugger's first screen).
 */
import { useEffect, useMemo, useState } from 'react'
import type * as DebugTrace from '../../../core/debug/DebugTrace'
import type { ArtifactFile } from './useSource'

type Mod = typeof import('./slotNames')

/** `names`: code address (lowercase) → matched contract name. */
export function useSlotNames(view: DebugTrace.StepView | undefined, artifacts: readonly ArtifactFile[], names: ReadonlyMap<string, string>): ReadonlyMap<string, string> | undefined {
  const [mod, setMod] = useState<Mod | undefined>(undefined)
  const wanted = artifacts.length > 0
  useEffect(() => {
    if (!wanted || mod) return
    let live = true
    void import('./slotNames').then((m) => live && setMod(m))
    return () => {
      live = false
    }
  }, [wanted, mod])
  const codeAddress = view?.callStack.at(-1)?.codeAddress.toLowerCase()
  const contractName = codeAddress === undefined ? undefined : names.get(codeAddress)
  const layout = useMemo(() => (mod && contractName ? mod.layoutOf(artifacts, contractName) : undefined), [mod, artifacts, contractName])
  const slots = view?.storage.map((s) => s.slot.toLowerCase()).join(',') ?? ''
  // the SHA3 inputs the worker found for these slots (mapping keys), sent with the step view
  const preimages = view?.preimages?.join(',') ?? ''
  return useMemo(() => (mod && layout ? mod.slotLabels(layout, slots ? slots.split(',') : [], preimages ? preimages.split(',') : []) : undefined), [mod, layout, slots, preimages])
}
