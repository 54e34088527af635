import type tool from '../../../tools/address-activity'
import { ToolBody, useToolPage, type ToolPageProps } from '../../components'
import { FileLink } from '../../components/FileLink'

/**
 * /address-activity: the generic page (fields, progress with Cancel, the rows and the CSV row
 * to copy), and under the result a download of the CSV (every row found, not only those shown).
 */
export default function AddressActivityPage(props: ToolPageProps<typeof tool>) {
  const page = useToolPage(props)
  const data = page.state.status === 'done' && !page.view.stale ? page.view.data : undefined
  const download = data && data.count > 0 && (
    <div className="actions">
      <FileLink text={data.csv} type="text/csv" name={`address-activity-${data.fromBlock}-${data.toBlock}.csv`}>
        Download CSV
      </FileLink>
    </div>
  )
  return <ToolBody page={page} afterResult={download} />
}
