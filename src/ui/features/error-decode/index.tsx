import { ToolForm, type ToolPageProps } from '../../components'
import { useLibraryTool } from '../../hooks/abiLibrary'
import { runWith } from '../../../tools/error-decode'

/**
 * The generic revert decoder, consulting the person's ABI library for custom errors (the
 * online lookup is the tool's own `lookup` field).
 */
export default function ErrorDecodePage(props: ToolPageProps) {
  const { tool } = useLibraryTool(props.tool, runWith)
  return <ToolForm {...props} tool={tool} />
}
