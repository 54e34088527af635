import { useMemo } from 'react'
import { ToolForm, type ToolPageProps } from '../../components'
import { abiLibrary, useAbiLibrary } from '../../hooks/abiLibrary'
import { decode, result } from '../../../tools/calldata-decode'

/** The generic decoder, consulting the person's ABI library before the offline table. */
export default function CalldataDecodePage(props: ToolPageProps) {
  const entries = useAbiLibrary()
  const tool = useMemo(() => {
    const library = abiLibrary.abis()
    return { ...props.tool, run: (input: Parameters<typeof decode>[0]) => result(input, decode(input, library)) }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.tool, entries])
  return (
    <ToolForm {...props} tool={tool}>
      {entries.length > 0 && <p className="hint">Also using {entries.length} ABI{entries.length === 1 ? '' : 's'} from your library.</p>}
    </ToolForm>
  )
}
