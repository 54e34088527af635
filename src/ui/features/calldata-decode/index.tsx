import { ToolForm, type ToolPageProps } from '../../components'
import { useLibraryTool } from '../../hooks/abiLibrary'
import { runWith } from '../../../tools/calldata-decode'

/**
 * The generic decoder, consulting the person's ABI library before the offline table (the
 * online lookup is the tool's own `lookup` field).
 */
export default function CalldataDecodePage(props: ToolPageProps) {
  const { tool, entries } = useLibraryTool(props.tool, runWith)
  return (
    <ToolForm {...props} tool={tool}>
      {entries.length > 0 && <p className="hint">Also using {entries.length} ABI{entries.length === 1 ? '' : 's'} from your library.</p>}
    </ToolForm>
  )
}
