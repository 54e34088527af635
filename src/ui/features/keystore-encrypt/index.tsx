import { useEffect, useState, type FormEvent } from 'react'
import type { ToolResult } from '../../../tools/types'
import { Field, FormError, Progress, ResultView, useKeyring, useToolRun, type ToolPageProps } from '../../components'

function rowValue(result: ToolResult | undefined, label: string): string | undefined {
  for (const s of result?.sections ?? []) for (const r of s.rows) if (r.label === label) return r.value
  return undefined
}

/** Which fields each choice needs. */
function shownFields(values: Record<string, string>): Set<string> {
  const s = new Set(['source', 'password', 'kdf'])
  if (values.source === 'keystore') ['keystore', 'keystoreFile', 'oldPassword'].forEach((f) => s.add(f))
  else s.add('privateKey')
  if (values.kdf === 'custom-scrypt') ['n', 'r', 'p'].forEach((f) => s.add(f))
  if (values.kdf === 'custom-pbkdf2') s.add('c')
  return s
}

/**
 * Encrypt a key (typed, or one from the in-page keyring) or re-encrypt a keystore under a
 * new password, in a worker with progress and cancel; then download the file under geth's
 * usual UTC--… name.
 */
export default function KeystoreEncryptPage({ meta, tool, values, setValues, files, setFile }: ToolPageProps) {
  const { state, run, cancel } = useToolRun(meta, tool, values, files)
  const result = state.status === 'done' ? state.result : undefined
  const json = rowValue(result, 'Keystore JSON')
  const filename = rowValue(result, 'File name')
  const keys = useKeyring()
  const [href, setHref] = useState<string>()
  useEffect(() => {
    if (!json) return setHref(undefined)
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }))
    setHref(url)
    return () => URL.revokeObjectURL(url)
  }, [json])
  const shown = shownFields({ ...values, source: values.source ?? 'key', kdf: values.kdf ?? 'auto' })
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void run()
  }
  return (
    <>
      <form className="tool-form" onSubmit={onSubmit} noValidate aria-label={meta.title}>
        {meta.fields
          .filter((f) => shown.has(f.name))
          .map((f) => (
            <Field
              key={f.name}
              spec={f}
              value={values[f.name] ?? f.default ?? ''}
              error={state.fieldErrors[f.name]}
              onChange={(v) => setValues({ [f.name]: v })}
              file={files[f.name]}
              onFile={(file) => setFile(f.name, file)}
            />
          ))}
        {shown.has('privateKey') && keys.length > 0 && (
          <div className="field">
            <label htmlFor="keystore-encrypt-keyring">Or a key from the in-page keyring</label>
            <select id="keystore-encrypt-keyring" value="" onChange={(e) => e.target.value && setValues({ privateKey: keys.find((k) => k.address === e.target.value)?.privateKey ?? '' })}>
              <option value="">choose…</option>
              {keys.map((k) => (
                <option key={k.address} value={k.address}>
                  {k.address} ({k.label})
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={state.status === 'running'}>
            {values.source === 'keystore' ? 'Change the password' : 'Encrypt'}
          </button>
        </div>
      </form>
      <Progress state={state} onCancel={cancel} />
      <FormError state={state} />
      {result && <ResultView result={result} />}
      {href && filename && (
        <p className="actions">
          <a className="button primary" href={href} download={filename}>
            Download {filename}
          </a>
        </p>
      )}
    </>
  )
}
