import { useCallback, useState } from 'react'
import type { TransactionData } from '../../../tools/transaction'
import type { ToolResult } from '../../../tools/types'
import { ToolForm, type ToolPageProps } from '../../components'
import { TxTrace } from '../../components/TxTrace'

/**
 * The generic transaction lookup, plus its call trace under the result: a mined transaction is
 * replayed in the page on request and drawn as the simulator draws it (one line per frame).
 */
export default function TransactionPage(props: ToolPageProps) {
  const [data, setData] = useState<TransactionData>()
  const onResult = useCallback((result: ToolResult | undefined) => setData((result as ToolResult<TransactionData> | undefined)?.data), [])
  return <ToolForm {...props} onResult={onResult} afterResult={data?.mined ? <TxTrace key={data.hash} hash={data.hash} abi={data.abi} /> : null} />
}
