import { useState } from 'react'
import { ToolForm, type ToolPageProps } from '../../components'
import { useKeptSources } from '../../hooks/sourceCache'

/** SourceCache.LIMITS, said (not imported: the core module loads only with a lookup). */
const LIMITS_TEXT = 'at most 200 contracts and 64 MiB; the least recently used goes first'

const size = (n: number) => (n < 1024 ? `${n} B` : n < 2 ** 20 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 2 ** 20).toFixed(1)} MiB`)
const when = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`
const short = (a: string) => `${a.slice(0, 8)}…${a.slice(-6)}`

/** The verified-source tool, plus the sources this browser keeps (#36): listed, removable one by one or all. */
export default function VerifiedSourcePage(props: ToolPageProps) {
  const { entries, remove, clear } = useKeptSources()
  const [message, setMessage] = useState<string>()
  const act = (p: Promise<void>, text: string) =>
    void p.then(
      () => setMessage(text),
      () => setMessage('This browser refused to remove it.'),
    )
  return (
    <ToolForm {...props}>
      <section className="section" aria-labelledby="kept-sources-title">
        <h2 className="section-title" id="kept-sources-title">
          Kept in this browser
        </h2>
        <p className="hint">
          Verified sources that matched the chain’s code, kept (IndexedDB) by chain, address and code hash so that the same contract is named again with nothing sent, offline too; a contract whose code changed is fetched again. Public data, no secret; {LIMITS_TEXT}.
        </p>
        {message && (
          <p className="notice notice-info" role="status">
            {message}
          </p>
        )}
        {entries && entries.length === 0 && <p className="hint">None kept yet.</p>}
        {entries && entries.length > 0 && (
          <>
            <div className="table-wrap">
              <table aria-label="Kept verified sources">
                <thead>
                  <tr>
                    <th scope="col">Contract</th>
                    <th scope="col">Chain</th>
                    <th scope="col">Address</th>
                    <th scope="col">Match</th>
                    <th scope="col">Size</th>
                    <th scope="col">Fetched</th>
                    <th scope="col">
                      <span className="visually-hidden">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={e.key}>
                      <td>{e.name}</td>
                      <td>{e.chainId}</td>
                      <td className="mono" title={`${e.address}, code hash ${e.codeHash}`}>
                        {short(e.address)}
                      </td>
                      <td>{e.match === 'full' ? 'full' : 'partial (metadata differs)'}</td>
                      <td>{size(e.bytes)}</td>
                      <td title={`from ${e.host}`}>{when(e.savedAt)}</td>
                      <td>
                        <button type="button" aria-label={`Remove ${e.name} at ${e.address} on chain ${e.chainId}`} onClick={() => act(remove(e.key), `Removed ${e.name} at ${e.address}.`)}>
                          Remove
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="actions">
              <button type="button" onClick={() => act(clear(), 'Removed every kept source.')}>
                Remove all kept sources
              </button>
            </div>
          </>
        )}
      </section>
    </ToolForm>
  )
}
