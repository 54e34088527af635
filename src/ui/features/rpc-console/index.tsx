/**
 * The JSON-RPC console: method and params (or a batch) in, the raw response out, method
 * templates to start from, and a history of this session's requests (memory only) that can be
 * re-run or edited.
 */
import { useSyncExternalStore } from 'react'
import * as RpcConsole from '../../../core/chain/RpcConsole'
import { withDefaults } from '../../../tools/define'
import type tool from '../../../tools/rpc-console'
import type { RawInput } from '../../../tools/types'
import { FieldList, ResultView, RunError, RunForm, useResultInView, useToolPage, type ToolPageProps } from '../../components'
import { getProvider } from '../../connection/store'
import './console.css'

interface Entry {
  id: number
  method: string
  params: string
  /** The batch text, for a batch. */
  batch?: string
  endpoint: string
  ok: boolean
  summary: string
  ms: number
}

// The history lives in memory for the session (it may hold signed transactions: not stored).
let history: Entry[] = []
let nextId = 1
const listeners = new Set<() => void>()
const store = {
  subscribe(l: () => void) {
    listeners.add(l)
    return () => listeners.delete(l)
  },
  get: () => history,
  add(e: Omit<Entry, 'id'>) {
    history = [{ ...e, id: nextId++ }, ...history].slice(0, 50)
    for (const l of listeners) l()
  },
  clear() {
    history = []
    for (const l of listeners) l()
  },
}

/** What the history calls a request: its method, or `batch (n)`. */
function methodOf(raw: RawInput): string {
  if (raw.mode !== 'batch') return raw.method ?? ''
  let n = 0
  try {
    n = RpcConsole.parseBatch(raw.batch ?? '').length
  } catch {
    /* the run's parse names the problem at the field */
  }
  return `batch (${n})`
}

export default function RpcConsolePage(props: ToolPageProps<typeof tool>) {
  const { meta, values, setValues } = props
  const raw = withDefaults(meta, values)
  const entries = useSyncExternalStore(store.subscribe, store.get, store.get)
  // Each request that reaches the node, answered or not, joins the history.
  const page = useToolPage(props, {
    onSettle: ({ raw, outcome, ms }) => {
      const response = outcome.ok ? outcome.value.data?.response ?? '' : ''
      const summary = outcome.ok ? (response.length > 120 ? `${response.slice(0, 120)}…` : response) : outcome.error.message
      const batch = raw.mode === 'batch' ? { batch: raw.batch ?? '' } : {}
      store.add({ method: methodOf(raw), params: raw.mode === 'batch' ? raw.batch ?? '' : raw.params ?? '[]', ...batch, endpoint: getProvider().rpcUrl, ok: outcome.ok, summary, ms: Math.round(ms) })
    },
  })
  const { state, view, run } = page
  /** A request again, from the history: the one it was, whatever the form holds now. */
  const again = (h: Entry) => void run(h.batch !== undefined ? { mode: 'batch', batch: h.batch, method: '', params: '[]' } : { mode: 'single', method: h.method, params: h.params, batch: '' })

  // The answer beside the form on a wide screen (styles.css .tool-cols), after it on a narrow one,
  // scrolled into view when a request comes back below the fold; the history under both.
  const result = view.result && state.status === 'done' ? view.result : undefined
  const resultRef = useResultInView(result)

  return (
    <>
      <div className={result ? 'tool-cols has-result' : 'tool-cols'}>
        <div className="tool-col-form">
          <RunForm
            page={page}
            submitLabel={state.status === 'running' ? 'Sending…' : 'Send request'}
            fields={
              <>
                {raw.mode !== 'batch' && (
                  <div className="field">
                    <label htmlFor="rpc-template">Method template</label>
                    <select
                      id="rpc-template"
                      value=""
                      onChange={(e) => {
                        const t = RpcConsole.METHODS.find((m) => m.method === e.target.value)
                        if (t) setValues({ method: t.method, params: t.params })
                      }}
                    >
                      <option value="">Pick a common method to fill in its params…</option>
                      {RpcConsole.METHODS.map((m) => (
                        <option key={m.method} value={m.method}>
                          {m.method}: {m.note}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
                <FieldList fields={meta.fields} values={raw} errors={view.fieldErrors} setValues={setValues} />
              </>
            }
          />
          <RunError page={page} />
        </div>
        {result && (
          <div className="tool-col-result" ref={resultRef}>
            <ResultView result={result} />
          </div>
        )}
      </div>
      <section aria-labelledby="rpc-history-title" className="section" style={{ marginTop: 16 }}>
        <h2 id="rpc-history-title" className="section-title">
          History
        </h2>
        {entries.length === 0 ? (
          <p className="hint">No requests yet in this session.</p>
        ) : (
          <>
            <div className="table-wrap">
              <table aria-label="Request history" className="rpc-history">
                <thead>
                  <tr>
                    <th scope="col">Method</th>
                    <th scope="col">Params</th>
                    <th scope="col">Response</th>
                    <th scope="col">Time</th>
                    <th scope="col">
                      <span className="skip">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((h) => (
                    <tr key={h.id}>
                      <td className="mono rpc-method">{h.method}</td>
                      <td className="mono" data-label="Params" style={{ overflowWrap: 'anywhere' }}>
                        {h.params.length > 80 ? `${h.params.slice(0, 80)}…` : h.params}
                      </td>
                      <td className="mono" data-label="Response" style={{ overflowWrap: 'anywhere', color: h.ok ? undefined : 'var(--error)' }}>
                        {h.summary}
                      </td>
                      <td className="rpc-time">{h.ms} ms</td>
                      <td className="rpc-actions">
                        <button
                          type="button"
                          onClick={() => setValues(h.batch !== undefined ? { mode: 'batch', batch: h.batch } : { mode: 'single', method: h.method, params: h.params })}
                          aria-label={`Edit ${h.method} again`}
                        >
                          Edit
                        </button>{' '}
                        <button type="button" onClick={() => again(h)} aria-label={`Re-run ${h.method}`}>
                          Re-run
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p>
              <button type="button" onClick={() => store.clear()}>
                Clear history
              </button>
            </p>
          </>
        )}
      </section>
    </>
  )
}
