/**
 * "Show as", once per value type (#35): a result with decoded values offers one choice per ABI
 * type it holds (every uint256 as an amount of 6 decimals, every address checksummed) above its
 * rows, and each row follows it. A row can still take its own choice ("Show as…" on the row): a
 * deadline and an amount are both uint256, and only the person knows which is which.
 */
import { createContext, type ReactNode, useContext, useEffect, useId, useMemo, useState } from 'react'
import type * as ValueFormatModule from '../../core/abi/ValueFormat'
import type * as ChainList from '../../core/chain/ChainList'
import type { Row } from '../../tools/types'
import { useListedChain } from './explorerLink'

export type Kind = ValueFormatModule.Kind
type ValueFormat = typeof ValueFormatModule
let valueFormat: Promise<ValueFormat> | undefined

/** The formatter, loaded once the first typed value is shown (decoder pages only). */
export function useValueFormat(wanted: boolean): ValueFormat | undefined {
  const [mod, setMod] = useState<ValueFormat>()
  useEffect(() => {
    if (!wanted || mod) return
    let live = true
    valueFormat ??= import('../../core/abi/ValueFormat')
    void valueFormat.then((m) => live && setMod(m))
    return () => {
      live = false
    }
  }, [wanted, mod])
  return mod
}

/** A format chosen for a value or a type: the kind, and for amounts the decimals (a common count, or "custom" and the typed one). */
export interface Choice {
  kind: Kind
  decimals: string
  custom: string
}

export const RAW: Choice = { kind: 'raw', decimals: '18', custom: '' }

/** The decimals a choice asks for, or why the typed count is not one. */
export function decimalsOf(c: Choice): { decimals: number; error?: string } {
  if (c.kind !== 'units' || c.decimals !== 'custom') return { decimals: Number(c.decimals) }
  const t = c.custom.trim()
  const d = /^\d{1,2}$/.test(t) ? Number(t) : NaN
  if (d >= 0 && d <= 77) return { decimals: d }
  return { decimals: NaN, error: t === '' ? 'Type the number of decimals, 0 to 77.' : `"${t.slice(0, 12)}" is not a number of decimals: give a whole number from 0 to 77.` }
}

const KIND_LABEL: Record<Exclude<Kind, 'eip3770'>, string> = {
  raw: 'Raw',
  units: 'Amount in units',
  date: 'Date (unix time)',
  checksum: 'Checksummed (EIP-55)',
  lowercase: 'Lowercase',
  text: 'Text (bytes32 string)',
}

/**
 * The choice's controls: the kind, and for an amount its decimals (a typed count under "Other…").
 * `label` is the kind's visible label; `name` completes the other controls' names ("Decimals (amount)").
 */
export function FormatControls({ kinds, choice, onChange, label, name, commonDecimals, shortName, error }: {
  kinds: readonly Kind[]
  choice: Choice
  onChange: (c: Choice) => void
  label: ReactNode
  name: string
  commonDecimals: readonly number[]
  shortName?: string | undefined
  error?: string | undefined
}) {
  const active = kinds.includes(choice.kind) ? choice.kind : 'raw'
  const id = useId()
  return (
    <>
      <label htmlFor={id}>{label}</label>{' '}
      <select id={id} value={active} onChange={(e) => onChange({ ...choice, kind: e.target.value as Kind })}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {k === 'eip3770' ? `EIP-3770 (${shortName ?? ''}:)` : KIND_LABEL[k]}
            </option>
          ))}
      </select>
      {active === 'units' && (
        <>
          {' '}
          <select aria-label={`Decimals (${name})`} value={choice.decimals} onChange={(e) => onChange({ ...choice, decimals: e.target.value })}>
            {commonDecimals.map((n) => (
              <option key={n} value={String(n)}>
                {n} decimals
              </option>
            ))}
            <option value="custom">Other…</option>
          </select>
          {choice.decimals === 'custom' && (
            <>
              {' '}
              <input aria-label={`Other decimals (${name}), 0 to 77`} inputMode="numeric" size={3} value={choice.custom} onChange={(e) => onChange({ ...choice, custom: e.target.value })} aria-invalid={!!error} />
            </>
          )}
        </>
      )}
      {error && (
        <small className="error" role="alert">
          {error}
        </small>
      )}
    </>
  )
}

/** A result's choice per ABI type, for the rows inside it. */
interface TypeFormats {
  of: (abiType: string) => Choice
}

const TypeFormatsContext = createContext<TypeFormats | null>(null)

/** The choice of a row's type, or null when the row stands alone (no result above it offers one). */
export function useTypeFormats(): TypeFormats | null {
  return useContext(TypeFormatsContext)
}

/** Rows looked at for the types a result holds (a megabyte of decoded words has far more, all of the same few types). */
const TYPED_ROWS_SCANNED = 2000

/** For each ABI type among the rows (in order of first appearance), every format some value of it can take. */
export function typeKinds(rows: Iterable<Row>, choices: (abiType: string, raw: string) => Kind[]): Map<string, Kind[]> {
  const out = new Map<string, Kind[]>()
  let n = 0
  for (const r of rows) {
    if (!r.abiType || r.secret) continue
    if (++n > TYPED_ROWS_SCANNED) break
    const have = out.get(r.abiType) ?? []
    for (const k of choices(r.abiType, r.value)) if (!have.includes(k)) have.push(k)
    out.set(r.abiType, have)
  }
  for (const [t, ks] of out) if (ks.length < 2) out.delete(t)
  return out
}

function* rowsOf(groups: readonly (readonly Row[])[]): Generator<Row> {
  for (const g of groups) yield* g
}

/**
 * Around a result's rows: one "Show as" per value type they hold, above them, and the rows
 * inside follow it. With no typed value among the rows, the rows alone.
 */
export function TypeFormatsBar({ groups, children }: { groups: readonly (readonly Row[])[]; children: ReactNode }) {
  const typed = useMemo(() => groups.some((g) => g.some((r) => r.abiType && !r.secret)), [groups])
  const vf = useValueFormat(typed)
  const hasAddress = useMemo(() => typed && groups.some((g) => g.some((r) => r.abiType === 'address')), [typed, groups])
  const chain: ChainList.Chain | undefined = useListedChain(hasAddress)
  const [chosen, setChosen] = useState<Readonly<Record<string, Choice>>>({})
  const kinds = useMemo(() => (vf && typed ? typeKinds(rowsOf(groups), (t, v) => vf.choices(t, v, chain?.shortName)) : new Map<string, Kind[]>()), [vf, typed, groups, chain])
  const formats = useMemo<TypeFormats>(() => ({ of: (t) => chosen[t] ?? RAW }), [chosen])
  if (!typed) return children
  return (
    <TypeFormatsContext.Provider value={formats}>
      {vf && kinds.size > 0 && (
        <div className="type-formats" role="group" aria-label="Show values as">
          <span className="hint">Show every</span>
          {[...kinds].map(([t, ks]) => {
            const c = chosen[t] ?? RAW
            return (
              <span key={t} className="value-format">
                <FormatControls
                  kinds={ks}
                  choice={c}
                  onChange={(next) => setChosen((m) => ({ ...m, [t]: next }))}
                  label={
                    <>
                      <span className="visually-hidden">Show every</span> <span className="mono">{t}</span> as
                    </>
                  }
                  name={`${t} values`}
                  commonDecimals={vf.COMMON_DECIMALS}
                  shortName={chain?.shortName}
                  error={decimalsOf(c).error}
                />
              </span>
            )
          })}
        </div>
      )}
      {children}
    </TypeFormatsContext.Provider>
  )
}
