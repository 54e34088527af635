import { useEffect, type FormEvent } from 'react'
import type { ToolResult } from '../../../tools/types'
import { Field, FormError, keyring, Progress, ResultView, useToolRun, type ToolPageProps } from '../../components'

function accountOf(result: ToolResult | undefined): { address?: string; privateKey?: string } {
  const account = result?.sections.find((s) => s.title === 'Account')
  return {
    address: account?.rows.find((r) => r.label === 'Address')?.value,
    privateKey: account?.rows.find((r) => r.label === 'Private key')?.value,
  }
}

/**
 * The keystore form (paste or choose the file; the key derivation runs in a worker with a
 * progress bar and a cancel button), and the unlocked key joins the in-page keyring so the
 * signing tools can use it.
 */
export default function KeystoreDecryptPage({ meta, tool, values, setValues, files, setFile }: ToolPageProps) {
  const { state, run, cancel } = useToolRun(meta, tool, values, files)
  const result = state.status === 'done' ? state.result : undefined
  const { address, privateKey } = accountOf(result)
  useEffect(() => {
    if (address && privateKey) keyring.add({ address, privateKey, label: 'keystore' })
  }, [address, privateKey])
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void run()
  }
  return (
    <>
      <form className="tool-form" onSubmit={onSubmit} noValidate aria-label={meta.title}>
        {meta.fields.map((f) => (
          <Field
            key={f.name}
            spec={f}
            value={values[f.name] ?? ''}
            error={state.fieldErrors[f.name]}
            onChange={(v) => setValues({ [f.name]: v })}
            file={files[f.name]}
            onFile={(file) => setFile(f.name, file)}
          />
        ))}
        <div className="actions">
          <button type="submit" className="primary" disabled={state.status === 'running'}>
            Decrypt
          </button>
        </div>
      </form>
      <Progress state={state} onCancel={cancel} />
      <FormError state={state} />
      {result && <ResultView result={result} />}
      {address && privateKey && (
        <p className="notice notice-info" role="note">
          {address} is in the in-page keyring: the signing tools can use it until you reload the page.
        </p>
      )}
    </>
  )
}
