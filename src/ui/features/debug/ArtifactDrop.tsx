/**
 * Where the person gives compiler output for source lines: a drop zone with a file input (any
 * number of .json artifacts and .sol files at once) and a paste box. The texts stay in the
 * page's memory (and the debug worker's): never the URL, storage or logs.
 */
import { useId, useState, type DragEvent, type FormEvent } from 'react'
import type { ErrorInfo } from '../../../core/Errors'
import type { SourceSummary } from '../../../workers/protocol'
import type { ArtifactFile } from './useSource'

/** Artifacts.MAX_FILE: a file past it is not read at all. */
const MAX_FILE = 64 * 2 ** 20

const short = (a: string) => (a.length > 16 ? `${a.slice(0, 8)}…${a.slice(-6)}` : a)

export function ArtifactDrop({ files, setFiles, summary, error, loading }: { files: readonly ArtifactFile[]; setFiles: (f: ArtifactFile[]) => void; summary: SourceSummary | undefined; error: ErrorInfo | undefined; loading: boolean }) {
  const id = useId()
  const [over, setOver] = useState(false)
  const [paste, setPaste] = useState('')
  const [readError, setReadError] = useState<string>()
  const take = async (list: FileList | null | undefined) => {
    const chosen = [...(list ?? [])]
    if (chosen.length === 0) return
    const big = chosen.find((f) => f.size > MAX_FILE)
    if (big) return setReadError(`${big.name} is too large (${(big.size / 2 ** 20).toFixed(1)} MiB; at most 64 MiB a file).`)
    setReadError(undefined)
    setFiles(await Promise.all(chosen.map(async (f) => ({ name: f.webkitRelativePath || f.name, text: await f.text() }))))
  }
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    void take(e.dataTransfer.files)
  }
  const onPaste = (e: FormEvent) => {
    e.preventDefault()
    if (paste.trim()) setFiles([...files.filter((f) => f.name !== 'pasted text'), { name: 'pasted text', text: paste }])
  }
  const message = readError ?? error?.message
  return (
    <section aria-label="Compiler output" className="dbg-panel">
      <h3>Compiler output <span className="hint">(for source lines; kept in this page's memory only)</span></h3>
      <div
        className={`dropzone${over ? ' over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <label htmlFor={`${id}-files`}>Compiler output files</label>
        <input id={`${id}-files`} type="file" multiple accept=".json,.sol,application/json" aria-describedby={`${id}-help ${id}-err`} onChange={(e) => void take(e.target.files)} />
        <span className="hint" id={`${id}-help`}>
          or drop them here: solc standard-JSON output, Foundry out/&lt;File&gt;.sol/&lt;Contract&gt;.json, Hardhat artifacts/build-info/*.json, and the .sol files when the output has no sources
        </span>
        {files.length > 0 && (
          <button type="button" onClick={() => setFiles([])}>
            Clear compiler output
          </button>
        )}
      </div>
      <details>
        <summary>Paste compiler output</summary>
        <form onSubmit={onPaste} className="dbg-paste">
          <label htmlFor={`${id}-paste`}>Compiler output (JSON)</label>
          <textarea id={`${id}-paste`} rows={4} value={paste} onChange={(e) => setPaste(e.target.value)} spellCheck={false} className="mono" />
          <button type="submit" disabled={!paste.trim()}>
            Load
          </button>
        </form>
      </details>
      <div id={`${id}-err`}>
        {message && (
          <p className="field-error" role="alert">
            {message}
            {!readError && !!error?.hints.length && <span className="hint"> {error.hints.join(' ')}</span>}
          </p>
        )}
      </div>
      {loading && <p role="status">Reading the compiler output…</p>}
      {summary && <Matched summary={summary} count={files.length} />}
    </section>
  )
}

function Matched({ summary, count }: { summary: SourceSummary; count: number }) {
  return (
    <div role="status">
      <p>
        {count} file{count === 1 ? '' : 's'} read; {summary.contracts.filter((c) => c.name).length} of {summary.contracts.length} contracts in this transaction matched by their code.
      </p>
      <ul className="dbg-matched">
        {summary.contracts.map((c) => (
          <li key={c.address}>
            <span className="mono" title={c.address}>{short(c.address)}</span>:{' '}
            {c.name ? (
              <>
                <strong>{c.name}</strong> <span className="hint">({c.path}{c.exact ? '' : '; same code, other metadata: the sources may differ in comments'})</span>
              </>
            ) : (
              <span className="hint">no artifact matches its code</span>
            )}
          </li>
        ))}
      </ul>
      {summary.missing.length > 0 && <p className="hint">No text for {summary.missing.join(', ')}: drop those .sol files too to see their lines.</p>}
    </div>
  )
}
