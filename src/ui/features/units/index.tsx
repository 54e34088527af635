import { useId } from 'react'
import { CopyButton, Field, type ToolPageProps } from '../../components'
import { UNIT_NAMES, parse, views } from '../../../tools/units'

/**
 * Every unit live at once: typing into any unit's box re-expresses the amount in all the
 * others. The URL keeps the amount as typed and the unit it was typed in.
 */
export default function UnitsPage({ meta, values, setValues }: ToolPageProps) {
  const source = values.unit ?? 'ether'
  // Bad token decimals are said once, at their field; the named units still convert (only
  // the token view, or an amount typed in tokens, needs the decimals).
  const first = parse(values)
  const decimalsError = first.ok ? undefined : first.errors.decimals
  const parsed = decimalsError ? (source === 'token' ? undefined : parse({ ...values, decimals: '18' })) : first
  const style = parsed?.ok ? parsed.value.style : 'plain'
  const rows = parsed?.ok ? views(parsed.value.amount, parsed.value.decimals, style).filter((r) => !decimalsError || !r.label.startsWith('token')) : []
  const byLabel = new Map(rows.map((r) => [r.label, r.value]))
  const decimals = first.ok ? first.value.decimals : undefined
  const tokenLabel = `token (${decimals ?? '?'} decimals)`
  const amountError = parsed && !parsed.ok ? parsed.errors.amount : undefined
  const units: { unit: string; label: string }[] = [...UNIT_NAMES.map((u) => ({ unit: u, label: u })), { unit: 'token', label: tokenLabel }]
  const hex = byLabel.get('wei (hex)')
  const baseId = useId()
  return (
    <div className="units-page">
      <form className="tool-form" aria-label={meta.title} onSubmit={(e) => e.preventDefault()}>
        {units.map(({ unit, label }) => {
          const id = `${baseId}-${unit}`
          const isSource = unit === source
          const shown = isSource ? (values.amount ?? '') : (byLabel.get(label) ?? '')
          const err = isSource ? amountError : undefined
          return (
            <div key={unit} className={`field${err ? ' has-error' : ''}`}>
              <label htmlFor={id}>{label === tokenLabel ? `Token (${decimals ?? '?'} decimals)` : label}</label>
              <div className="control-row">
                <input
                  id={id}
                  type="text"
                  inputMode="decimal"
                  spellCheck={false}
                  value={shown}
                  aria-invalid={err ? true : undefined}
                  aria-describedby={err ? `${id}-err` : undefined}
                  onChange={(e) => setValues({ amount: e.target.value, unit })}
                />
                <CopyButton value={shown} label={`amount in ${label}`} />
              </div>
              {err && (
                <p id={`${id}-err`} className="error" role="alert">
                  {err}
                </p>
              )}
            </div>
          )
        })}
        <Field spec={meta.fields.find((f) => f.name === 'decimals')!} value={values.decimals ?? ''} error={decimalsError} onChange={(v) => setValues({ decimals: v })} />
        <Field spec={meta.fields.find((f) => f.name === 'style')!} value={values.style ?? 'plain'} onChange={(v) => setValues({ style: v })} />
      </form>
      {hex && (
        <section className="result" aria-label="Result">
          <div className="section">
            <dl>
              <div className="row">
                <dt>wei (hex)</dt>
                <dd>
                  <output className="value mono" aria-label="wei (hex)">
                    {hex}
                  </output>
                  <span className="row-actions">
                    <CopyButton value={hex} label="wei (hex)" />
                  </span>
                </dd>
              </div>
            </dl>
          </div>
        </section>
      )}
    </div>
  )
}
