import { useMemo } from 'react'
import { ToolForm, type ToolPageProps } from '../../components'
import { abiLibrary, useAbiLibrary } from '../../hooks/abiLibrary'
import { runWith } from '../../../tools/error-decode'
import type { RunContext } from '../../../tools/types'

/**
 * The generic revert decoder, consulting the person's ABI library for custom errors (the
 * online lookup is the tool's own `lookup` field).
 */
export default function ErrorDecodePage(props: ToolPageProps) {
  const entries = useAbiLibrary()
  const tool = useMemo(() => {
    const library = abiLibrary.abis()
    return { ...props.tool, run: (input: Parameters<typeof runWith>[0], ctx: RunContext) => runWith(input, ctx, library) }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.tool, entries])
  return <ToolForm {...props} tool={tool} />
}
