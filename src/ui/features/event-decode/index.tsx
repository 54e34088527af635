import { ToolForm, type ToolPageProps } from '../../components'
import { useLibraryTool } from '../../hooks/abiLibrary'
import { runWith } from '../../../tools/event-decode'

/**
 * The generic log decoder, consulting the person's ABI library for events (the online
 * lookup is the tool's own `lookup` field).
 */
export default function EventDecodePage(props: ToolPageProps) {
  const { tool } = useLibraryTool(props.tool, runWith)
  return <ToolForm {...props} tool={tool} />
}
