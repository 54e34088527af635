import { useId } from 'react'
import type tool from '../../../tools/units'
import { UNIT_NAMES } from '../../../tools/units'
import { CopyButton, MetaFields, RunForm, useToolPage, type ToolPageProps } from '../../components'

/**
 * Every unit live at once: typing into any unit's box re-expresses the amount in all the
 * others (the tool runs live through the page runner; the boxes read its typed `data`). The URL
 * keeps the amount as typed and the unit it was typed in. Bad token decimals are said once, at
 * their field; the named units still convert (the tool says so in its result).
 */
export default function UnitsPage(props: ToolPageProps<typeof tool>) {
  const { meta, values, setValues } = props
  const page = useToolPage(props)
  const { view } = page
  const source = values.unit ?? 'ether'
  const data = view.data
  const amountError = view.fieldErrors.amount
  const tokenLabel = `token (${data?.decimals ?? '?'} decimals)`
  const units = [
    ...UNIT_NAMES.map((u) => ({
      unit: u,
      label: u as string,
      value: data?.units[u],
    })),
    { unit: 'token', label: tokenLabel, value: data?.token },
  ]
  const hex = data?.hex
  const baseId = useId()
  return (
    <div className="units-page">
      <RunForm
        page={page}
        onSubmit={() => undefined}
        fields={
          <>
            {units.map(({ unit, label, value }) => {
              const id = `${baseId}-${unit}`
              const isSource = unit === source
              const shown = isSource ? values.amount ?? '' : value ?? ''
              const err = isSource ? amountError : undefined
              return (
                <div key={unit} className={`field${err ? ' has-error' : ''}`}>
                  <label htmlFor={id}>{unit === 'token' ? `Token (${data?.decimals ?? '?'} decimals)` : label}</label>
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
            {/* The rest of the fields from meta (amount and unit are set by the unit boxes above). */}
            <MetaFields meta={meta} values={values} errors={view.fieldErrors} setValues={setValues} />
          </>
        }
      />
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
