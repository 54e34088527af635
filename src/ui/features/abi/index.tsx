import { useId, useState } from 'react'
import { ToolForm, type ToolPageProps } from '../../components'
import { abiLibrary, useAbiLibrary } from '../../hooks/abiLibrary'

/** The generic ABI inspector, plus the ABI library: save, load, remove, export, import. */
export default function AbiPage(props: ToolPageProps) {
  const { values, setValues } = props
  const entries = useAbiLibrary()
  const [name, setName] = useState('')
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null)
  const [exportUrl, setExportUrl] = useState<string | null>(null)
  const id = useId()
  const save = () => {
    try {
      const e = abiLibrary.save(name, values.abi ?? '')
      setMessage({ tone: 'info', text: `Saved "${e.name}" in this browser's ABI library.` })
    } catch (err) {
      setMessage({ tone: 'error', text: (err as { shortMessage?: string }).shortMessage ?? String(err) })
    }
  }
  const doExport = () => {
    if (exportUrl) URL.revokeObjectURL(exportUrl)
    setExportUrl(URL.createObjectURL(new Blob([abiLibrary.exportJson()], { type: 'application/json' })))
  }
  const doImport = async (file: File | undefined) => {
    if (!file) return
    try {
      const n = abiLibrary.importJson(await file.text())
      setMessage({ tone: 'info', text: `Imported ${n} ABI${n === 1 ? '' : 's'}.` })
    } catch (err) {
      setMessage({ tone: 'error', text: (err as { shortMessage?: string }).shortMessage ?? String(err) })
    }
  }
  return (
    <ToolForm {...props}>
      <section className="section abi-library" aria-label="ABI library">
        <h2 className="section-title">ABI library</h2>
        <p className="hint">Saved in this browser only. The decoders try these ABIs before the offline signature table.</p>
        <div className="field">
          <label htmlFor={`${id}-name`}>Name for this ABI</label>
          <div className="control-row">
            <input id={`${id}-name`} type="text" value={name} placeholder="USDC" spellCheck={false} onChange={(e) => setName(e.target.value)} />
            <button type="button" onClick={save}>
              Save to library
            </button>
          </div>
        </div>
        {message && (
          <p className={`notice notice-${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
        {entries.length > 0 && (
          <ul aria-label="Saved ABIs">
            {entries.map((e) => (
              <li key={e.name}>
                <strong>{e.name}</strong>{' '}
                <button type="button" onClick={() => setValues({ abi: e.abi })} aria-label={`Load ${e.name}`}>
                  Load
                </button>{' '}
                <button type="button" onClick={() => abiLibrary.remove(e.name)} aria-label={`Remove ${e.name}`}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="actions">
          <button type="button" onClick={doExport} disabled={entries.length === 0}>
            Export library
          </button>
          {exportUrl && (
            <a href={exportUrl} download="abi-library.json">
              Download abi-library.json
            </a>
          )}
          <label className="file-pick">
            Import library… <input className="visually-hidden" type="file" accept="application/json,.json" onChange={(e) => void doImport(e.target.files?.[0])} />
          </label>
        </div>
      </section>
    </ToolForm>
  )
}
