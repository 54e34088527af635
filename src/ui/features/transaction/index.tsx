import type tool from '../../../tools/transaction'
import { ToolBody, useToolPage, type ToolPageProps } from '../../components'
import { TxTrace } from '../../components/TxTrace'

/**
 * The generic transaction lookup, plus its call trace under the result: a mined transaction is
 * replayed in the page on request and drawn as the simulator draws it (one line per frame).
 */
export default function TransactionPage(props: ToolPageProps<typeof tool>) {
  const page = useToolPage(props)
  const data = page.state.status === 'done' && !page.view.stale ? page.view.data : undefined
  return <ToolBody page={page} afterResult={data?.mined ? <TxTrace key={data.hash} hash={data.hash} abi={data.abi} /> : null} />
}
