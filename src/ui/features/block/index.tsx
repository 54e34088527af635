import type tool from '../../../tools/block'
import { ToolBody, useToolPage, type ToolPageProps } from '../../components'
import { WholeTable } from './WholeTable'

/**
 * The generic block lookup, plus, when "Every transaction" was asked for, the table of every
 * transaction of the block (checked against the header before it is shown; see the tool's run).
 */
export default function BlockPage(props: ToolPageProps<typeof tool>) {
  const page = useToolPage(props)
  const data = page.state.status === 'done' && !page.view.stale ? page.view.data : undefined
  return <ToolBody page={page} afterResult={data?.whole ? <WholeTable key={data.whole.hash} whole={data.whole} /> : null} />
}
