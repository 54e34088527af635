/**
 * Build and sign a transaction: the generic form (it shows only the fields of the chosen
 * type, as the tool's meta declares), a picker for keys in this page's keyring, and a button
 * that fills nonce, fees and chain id from the connected node (the tool's `fill` action).
 */
import { useEffect, useState } from 'react'
import type tool from '../../../tools/tx-build'
import { ActionButton, ErrorNotice, KeyFieldPicker, ToolBody, useToolPage, type ToolPageProps } from '../../components'

export default function TxBuildPage(props: ToolPageProps<typeof tool>) {
  const page = useToolPage(props)
  const fill = page.actions.fill
  // What the last fill said stays until the next one (the values it sets withdraw the action's own state).
  const [note, setNote] = useState<string>()
  const { setValues } = props
  useEffect(() => {
    if (fill.status === 'running') setNote(undefined)
    if (fill.data) {
      setValues(fill.data.values)
      setNote(fill.data.note)
    }
  }, [fill, setValues])
  return (
    <>
      <KeyFieldPicker {...props} />
      <section className="next-steps node-fill" aria-label="From the node">
        <div className="actions">
          <ActionButton page={page} name="fill" busyLabel="Reading the node…" />
        </div>
        {note && (
          <div className="notice notice-info" role="status">
            {note}
          </div>
        )}
        <ErrorNotice error={fill.error} />
      </section>
      <ToolBody page={page} />
    </>
  )
}
