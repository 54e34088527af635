import { useMemo } from 'react'
import * as GasExport from '../../core/debug/GasExport'
import { FileLink } from './FileLink'

/**
 * A gas profile out of the page (#37), the same from /debug's profile and /simulate's chart:
 * "Save for speedscope" (an evented profile, gas as its unit) and "Save as CSV", named
 * `gas-<hash>` after the replayed transaction (`gas-simulation` for a call).
 */
export function GasFiles({ tree, hash }: { tree: GasExport.GasNode | undefined; hash?: string | undefined }) {
  const files = useMemo(() => tree && { speedscope: GasExport.speedscopeJson(tree, { name: hash ? `Gas of transaction ${hash}` : 'Gas of simulation', exporter: 'Ether Workbench' }), csv: GasExport.csv(tree) }, [tree, hash])
  const base = `gas-${hash?.slice(0, 12) ?? 'simulation'}`
  return (
    <p className="actions">
      <FileLink text={files?.speedscope} type="application/json" name={`${base}.speedscope.json`}>
        Save for speedscope
      </FileLink>
      <FileLink text={files?.csv} type="text/csv" name={`${base}.csv`}>
        Save as CSV
      </FileLink>
    </p>
  )
}
